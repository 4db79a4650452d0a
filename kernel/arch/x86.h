/* One static inline wrapper per privileged instruction (xv6 x86.h style):
 * no inline assembly anywhere else in the kernel's logic files. */
#ifndef IDLEBENCH_KERNEL_ARCH_X86_H
#define IDLEBENCH_KERNEL_ARCH_X86_H

#include <stdbool.h>
#include <stdint.h>

/* Read a byte from an I/O port. */
static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* Write a byte to an I/O port. */
static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

/* Read a 16-bit word from an I/O port. */
static inline uint16_t inw(uint16_t port)
{
	uint16_t v;
	__asm__ volatile("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* Write a 16-bit word to an I/O port. */
static inline void outw(uint16_t port, uint16_t v)
{
	__asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

/* Read a 32-bit word from an I/O port. */
static inline uint32_t inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* Write a 32-bit word to an I/O port. */
static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

/* CPUID with a sub-leaf; regs = eax, ebx, ecx, edx. */
static inline void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	__asm__ volatile("cpuid"
			 : "=a"(regs[0]), "=b"(regs[1]), "=c"(regs[2]), "=d"(regs[3])
			 : "a"(leaf), "c"(subleaf));
}

/* RDMSR of an MSR that architecturally exists (faults otherwise: use rdmsr_safe). */
static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

/* WRMSR of an MSR that architecturally exists. */
static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v), "d"((uint32_t)(v >> 32)));
}

/* Read the time-stamp counter (not serialized: see kernel/arch/tsc.h). */
static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* RDRAND (Intel SDM vol. 2B, RDRAND; CPUID.01H:ECX[30]): false when no random
 * number was ready (CF = 0); callers retry (Intel DRNG guide: 10 times). */
static inline bool rdrand64(uint64_t *v)
{
	uint8_t ok;
	__asm__ volatile("rdrand %0; setc %1" : "=r"(*v), "=qm"(ok) : : "cc");
	return ok;
}

/* Control-register bits more than one file checks (SDM Vol. 3A 2.5). */
#define CR0_NE  (1ull << 5)  /* x87 errors raise #MF */
#define CR4_MCE (1ull << 6)  /* machine-check exception enabled */

/* Read CR0. */
static inline uint64_t read_cr0(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr0, %0" : "=r"(v));
	return v;
}

/* Read CR2 (the faulting address after a #PF). */
static inline uint64_t read_cr2(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}

/* Read CR3 (page-table root). */
static inline uint64_t read_cr3(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr3, %0" : "=r"(v));
	return v;
}

/* Load CR3 (also flushes non-global TLB entries). */
static inline void write_cr3(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr3" : : "r"(v) : "memory");
}

/* Read CR4. */
static inline uint64_t read_cr4(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr4, %0" : "=r"(v));
	return v;
}

/* Load CR0. */
static inline void write_cr0(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr0" : : "r"(v) : "memory");
}

/* Load CR4. */
static inline void write_cr4(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr4" : : "r"(v) : "memory");
}

/* Read XCR0 (needs CR4.OSXSAVE; SDM Vol. 2B XGETBV). */
static inline uint64_t read_xcr0(void)
{
	uint32_t lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

/* Load XCR0 (needs CR4.OSXSAVE; SDM Vol. 2B XSETBV). */
static inline void write_xcr0(uint64_t v)
{
	__asm__ volatile("xsetbv" : : "a"((uint32_t)v), "d"((uint32_t)(v >> 32)), "c"(0) : "memory");
}

/* Disable maskable interrupts. */
static inline void cli(void)
{
	__asm__ volatile("cli" ::: "memory");
}

/* Enable maskable interrupts. */
static inline void sti(void)
{
	__asm__ volatile("sti" ::: "memory");
}

/* Halt until the next interrupt. */
static inline void hlt(void)
{
	__asm__ volatile("hlt" ::: "memory");
}

/* Spin-loop hint. */
static inline void cpu_pause(void)
{
	__asm__ volatile("pause" ::: "memory");
}

/* Arm the monitor on the cache line holding addr (SDM Vol. 2B MONITOR). */
static inline void cpu_monitor(const volatile void *addr)
{
	__asm__ volatile("monitor" : : "a"(addr), "c"(0), "d"(0) : "memory");
}

/* MWAIT with hint (EAX) and extensions (ECX; 1 = interrupts break even with IF=0). */
static inline void cpu_mwait(uint32_t hint, uint32_t ecx)
{
	__asm__ volatile("mwait" : : "a"(hint), "c"(ecx) : "memory");
}

/* STI then HLT: the STI shadow makes the pair atomic, so an interrupt that
 * became pending after the caller's last check still ends the HLT. */
static inline void sti_hlt(void)
{
	__asm__ volatile("sti; hlt" ::: "memory");
}

/* Load the IDT register. */
static inline void lidt(const void *idtr)
{
	__asm__ volatile("lidt (%0)" : : "r"(idtr) : "memory");
}

/* Load the GDT register. */
static inline void lgdt(const void *gdtr)
{
	__asm__ volatile("lgdt (%0)" : : "r"(gdtr) : "memory");
}

/* Load the task register with a TSS selector. */
/* Reload CS with a far return and DS/ES/SS with data (FS/GS null): after
 * LGDT the hidden parts still hold the previous GDT's descriptors, and the
 * UEFI firmware's selectors differ from ours (SDM Vol. 3A 3.4.3). */
static inline void load_segments(uint16_t code, uint16_t data)
{
	__asm__ volatile("pushq %q0\n\t"
			 "leaq 1f(%%rip), %%rax\n\t"
			 "pushq %%rax\n\t"
			 "lretq\n"
			 "1:\n\t"
			 "movw %w1, %%ds\n\t"
			 "movw %w1, %%es\n\t"
			 "movw %w1, %%ss\n\t"
			 "xorl %%eax, %%eax\n\t"
			 "movw %%ax, %%fs\n\t"
			 "movw %%ax, %%gs"
			 :
			 : "r"((uint64_t)code), "r"((uint32_t)data)
			 : "rax", "memory");
}

static inline void ltr(uint16_t sel)
{
	__asm__ volatile("ltr %0" : : "r"(sel) : "memory");
}

/* Read RFLAGS. */
static inline uint64_t read_rflags(void)
{
	uint64_t v;
	__asm__ volatile("pushfq; popq %0" : "=r"(v));
	return v;
}

/* 8-bit MMIO read the compiler may not merge or reorder (a UART's byte registers). */
static inline uint8_t mmio_read8(uintptr_t addr)
{
	return *(volatile uint8_t *)addr;
}

/* 8-bit MMIO write the compiler may not merge or reorder. */
static inline void mmio_write8(uintptr_t addr, uint8_t v)
{
	*(volatile uint8_t *)addr = v;
}

/* 32-bit MMIO read the compiler may not merge or reorder. */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

/* 32-bit MMIO write the compiler may not merge or reorder. */
static inline void mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

#endif

/* Saving and restoring the firmware's interrupt-controller state (see
 * efi_hw_state.h). The run masks every LVT entry and both 8259s
 * (lapic_mask_all) and the AMD extended LVTs (lapic_eilvt_mask), may switch the APIC to x2APIC, and sets CR4/XCR0 for
 * AVX state (cpu_enable_simd). */
#include "boot/uefi/efi_hw_state.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/x86.h"

#define CR4_OSXSAVE     (1ull << 18)
#define LAPIC_VERSION   0x030
#define LAPIC_LVT_CMCI  0x2F0
#define LAPIC_TIMER_INITIAL 0x380
#define LAPIC_LVT_TIMER 0x320
#define  LVT_TIMER_MODE(v) (((v) >> 17) & 3) /* 2 = TSC-deadline (SDM 10.5.4.1) */
#define MSR_TSC_DEADLINE 0x6E0
#define MSR_FS_BASE     0xC0000100
#define MSR_GS_BASE     0xC0000101
#define MSR_KERNEL_GS_BASE 0xC0000102

/* Restored in this order: TPR and SVR first (software enable), the timer's
 * divide before its initial count (writing the count starts it). */
static const uint32_t regs[EFI_HW_LAPIC_REGS] = {
	0x080, 0x0F0, 0x320, 0x330, 0x340, 0x350, 0x360, 0x370, LAPIC_LVT_CMCI, 0x3E0, LAPIC_TIMER_INITIAL,
};

void efi_hw_save(struct efi_hw_state *s)
{
	s->had_if = (read_rflags() & (1u << 9)) != 0;
	cli();
	s->cr0 = read_cr0();
	s->cr4 = read_cr4();
	s->xcr0 = (s->cr4 & CR4_OSXSAVE) ? read_xcr0() : 0;
	s->fs_base = rdmsr(MSR_FS_BASE);
	s->gs_base = rdmsr(MSR_GS_BASE);
	s->kernel_gs_base = rdmsr(MSR_KERNEL_GS_BASE);
	s->pic_mask[0] = inb(0x21);
	s->pic_mask[1] = inb(0xA1);
	s->apic_base = lapic_get_base();
	s->cmci = false;
	if (!lapic_base_is_enabled(s->apic_base))
		return;
	/* CMCI exists from 7 LVT entries on (SDM 10.5.1). */
	s->cmci = ((lapic_read_base(s->apic_base, LAPIC_VERSION) >> 16) & 0xFF) >= 6;
	for (int i = 0; i < EFI_HW_LAPIC_REGS; i++)
		if (regs[i] != LAPIC_LVT_CMCI || s->cmci)
			s->lapic[i] = lapic_read_base(s->apic_base, regs[i]);
}

void efi_hw_restore(const struct efi_hw_state *s)
{
	lapic_set_base(s->apic_base);
	if (lapic_base_is_enabled(s->apic_base)) {
		uint32_t timer_lvt = 0;
		for (int i = 0; i < EFI_HW_LAPIC_REGS; i++) {
			if (regs[i] == LAPIC_LVT_TIMER)
				timer_lvt = s->lapic[i];
			if (regs[i] != LAPIC_LVT_CMCI || s->cmci)
				lapic_write_base(s->apic_base, regs[i], s->lapic[i]);
		}
		/* A TSC-deadline timer ignores the initial count and its deadline
		 * passed while masked: arm it again, 1 M ticks from now. */
		if (LVT_TIMER_MODE(timer_lvt) == 2)
			wrmsr(MSR_TSC_DEADLINE, rdtsc() + 1000000);
		/* The AMD extended LVTs the run masked (measured_cpu_quiet). */
		lapic_eilvt_restore(s->apic_base);
	}
	wrmsr(MSR_FS_BASE, s->fs_base);
	wrmsr(MSR_GS_BASE, s->gs_base);
	wrmsr(MSR_KERNEL_GS_BASE, s->kernel_gs_base);
	outb(0x21, s->pic_mask[0]);
	outb(0xA1, s->pic_mask[1]);
	if (s->cr4 & CR4_OSXSAVE) {
		if (!(read_cr4() & CR4_OSXSAVE))
			write_cr4(read_cr4() | CR4_OSXSAVE);
		write_xcr0(s->xcr0);
	}
	write_cr4(s->cr4);
	write_cr0(s->cr0);
	if (s->had_if)
		sti();
}

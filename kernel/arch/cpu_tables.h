/* Per-CPU descriptor tables: GDT with a TSS holding three interrupt stacks
 * (IST1 for ordinary exceptions, IST2 for NMI, IST3 for #DF and #MC), and the
 * shared IDT. An NMI (or #MC) can arrive while an exception handler runs; on
 * a shared IST it would restart at the top of that handler's stack and
 * overwrite its frame, so each of them gets its own, as Linux does
 * (arch/x86/include/asm/page_64_types.h: IST_INDEX_NMI, _DF, _MCE). */
#ifndef IDLEBENCH_KERNEL_ARCH_CPU_TABLES_H
#define IDLEBENCH_KERNEL_ARCH_CPU_TABLES_H

#include <stdint.h>

/* Bytes of each CPU's exception (IST1) stack. */
#define EXCEPTION_STACK_SIZE 16384
/* Bytes of each CPU's NMI (IST2) and #DF/#MC (IST3) stacks: room for the
 * fault report, which an NMI that is not a wake NMI ends in. */
#define NMI_STACK_SIZE 8192
#define FATAL_STACK_SIZE 8192

/* The TSS IST slots (1-based, as the IDT gate's IST field counts them). */
enum ist_slot {
	IST_EXCEPTION = 1, /* every exception but the three below */
	IST_NMI = 2,       /* vector 2 */
	IST_FATAL = 3,     /* #DF (8) and #MC (18): may strike during either of the others */
};

/* 64-bit TSS (Intel SDM Vol. 3A 8.7, figure 8-11). */
struct tss64 {
	uint32_t reserved0;
	uint64_t rsp[3];
	uint64_t reserved1;
	uint64_t ist[7];
	uint64_t reserved2;
	uint16_t reserved3;
	uint16_t iomap_base;
} __attribute__((packed));

/* One CPU's tables; must stay mapped and unmoved while that CPU runs. */
struct cpu_tables {
	uint64_t gdt[5]; /* null, code 0x08, data 0x10, TSS 0x18 (two slots) */
	struct tss64 tss;
	uint8_t exception_stack[EXCEPTION_STACK_SIZE] __attribute__((aligned(16)));
	uint8_t nmi_stack[NMI_STACK_SIZE] __attribute__((aligned(16)));
	uint8_t fatal_stack[FATAL_STACK_SIZE] __attribute__((aligned(16)));
};

/* Fill t, load its GDT and TSS on this CPU, and load the shared IDT. */
void cpu_tables_load(struct cpu_tables *t);

#endif

/* Per-CPU descriptor tables: GDT with a TSS whose IST1 stack every exception
 * uses, and the shared IDT for vectors 0-31. */
#ifndef IDLEBENCH_KERNEL_ARCH_CPU_TABLES_H
#define IDLEBENCH_KERNEL_ARCH_CPU_TABLES_H

#include <stdint.h>

/* Bytes of each CPU's exception (IST1) stack. */
#define EXCEPTION_STACK_SIZE 16384

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
};

/* Fill t, load its GDT and TSS on this CPU, and load the shared IDT. */
void cpu_tables_load(struct cpu_tables *t);

#endif

/* The per-CPU 64-bit setup in kernel/arch/cpu_setup64.asm, shared by every front end;
 * boot/ap_trampoline.asm jumps to ap_long_entry. */
#ifndef IDLEBENCH_KERNEL_ARCH_CPU_SETUP64_H
#define IDLEBENCH_KERNEL_ARCH_CPU_SETUP64_H

/* Flat data segments (selector 0x10), null FS/GS. */
void load_data_segments(void);
/* CR0.NE and CR4.MCE (where CPUID.01H:EDX.MCE): a machine check must raise
 * #MC, not shut the machine down; every CPU we run, before anything else. */
void cpu_enable_machine_checks(void);
/* CR0/CR4/XCR0 for x87, SSE and (where present) AVX state; before any C code
 * that the compiler may have given SSE instructions runs on this CPU. */
void cpu_enable_simd(void);
/* Where boot/ap_trampoline.asm jumps in 64-bit mode (not callable from C). */
extern const char ap_long_entry[];

#endif

/* cpuid_fn adapter over the CPUID instruction. */
#include "platform/cpu/cpuid_native.h"

void cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
	/* The CPUID instruction with a sub-leaf (as kernel/arch/x86.h's cpuid). */
	__asm__ volatile("cpuid"
			 : "=a"(regs[0]), "=b"(regs[1]), "=c"(regs[2]), "=d"(regs[3])
			 : "a"(leaf), "c"(subleaf));
}

/* cpuid_fn adapter over the CPUID instruction wrapper. */
#include "kernel/arch/cpuid_native.h"
#include "kernel/arch/x86.h"

void cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
	cpuid(leaf, subleaf, regs);
}

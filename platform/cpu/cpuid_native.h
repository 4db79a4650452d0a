/* The executing CPU's CPUID as a cpuid_fn (platform/cpu/cpuid_fn.h), so the
 * freestanding decoders in platform/cpu/ read real hardware in the kernel and
 * recorded dumps in tests. */
#ifndef IDLEBENCH_PLATFORM_CPU_CPUID_NATIVE_H
#define IDLEBENCH_PLATFORM_CPU_CPUID_NATIVE_H

#include <stdint.h>

/* CPUID(leaf, subleaf) on this CPU; ctx is unused. */
void cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

#endif

/* How the CPU decoders reach the CPUID instruction: through a callback, so the
 * same decoders run on the real CPU in the kernel and on recorded dumps in the
 * host tests. The kernel passes a wrapper around its inline `cpuid`. */
#ifndef IDLEBENCH_PLATFORM_CPU_CPUID_FN_H
#define IDLEBENCH_PLATFORM_CPU_CPUID_FN_H

#include <stdint.h>

/* Execute CPUID with EAX=leaf, ECX=subleaf; store EAX, EBX, ECX, EDX in regs[0..3]. */
typedef void (*cpuid_fn)(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/* Register indexes into regs[]. */
enum { CPUID_EAX = 0, CPUID_EBX = 1, CPUID_ECX = 2, CPUID_EDX = 3 };

#endif

/* Serialized TSC reads for timed regions (Intel SDM Vol. 2B RDTSC/RDTSCP;
 * Intel white paper "How to Benchmark Code Execution Times", 2010; AMD APM
 * Vol. 3: LFENCE is dispatch-serializing on AMD/Hygon when MSR C001_1029[1]
 * is set, which every kernel since Spectre v1 relies on). Start: LFENCE
 * keeps earlier instructions from drifting past the read, the trailing LFENCE
 * keeps the timed code from starting before it. End: RDTSCP waits for the
 * timed code, the LFENCE keeps later code out. */
#ifndef IDLEBENCH_KERNEL_ARCH_TSC_H
#define IDLEBENCH_KERNEL_ARCH_TSC_H

#include <stdbool.h>
#include <stdint.h>

/* True when the CPU has RDTSCP (CPUID.80000001H:EDX[27]); set by tsc_detect(). */
extern bool tsc_has_rdtscp;

/* Look up RDTSCP support once, before the first tsc_end(). */
void tsc_detect(void);

/* TSC read at the start of a timed region. */
static inline uint64_t tsc_start(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence; rdtsc; lfence" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* TSC read at the end of a timed region. Without RDTSCP (QEMU's qemu64
 * model, some old CPUs) LFENCE;RDTSC waits for earlier instructions the same
 * way (SDM Vol. 2B RDTSC: "LFENCE; RDTSC" executes RDTSC only after all
 * previous instructions have completed locally). */
static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi, aux;
	if (tsc_has_rdtscp)
		__asm__ volatile("rdtscp; lfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
	else
		__asm__ volatile("lfence; rdtsc; lfence" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

#endif

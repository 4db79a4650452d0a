/* Timing in Linux user space for `idlebench bench` and `idlebench linux`:
 * serialized TSC reads around a timed region and the monotonic clock. */
#ifndef IDLEBENCH_TOOLS_HOST_TIMING_H
#define IDLEBENCH_TOOLS_HOST_TIMING_H

#include <stdint.h>
#include <time.h>

/* TSC at the start of a timed region: LFENCE first so RDTSC waits for every
 * earlier instruction (Intel SDM vol. 2B, RDTSC; on AMD, LFENCE is dispatch
 * serializing where Linux sets DE_CFG[1], as it does on Zen). */
static inline uint64_t tsc_begin(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/* TSC at the end: RDTSCP waits for earlier instructions to execute, the
 * LFENCE after it keeps later ones from starting early (SDM vol. 2B, RDTSCP). */
static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi, aux;
	__asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
	(void)aux;
	return (uint64_t)hi << 32 | lo;
}

/* CLOCK_MONOTONIC in nanoseconds. */
static inline uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

#endif

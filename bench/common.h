/* Helpers shared by the workloads (internal to bench/): the seeded PRNG
 * (lib/rng.h), the checksum mix and the bits of a double. All static inline, freestanding. */
#ifndef IDLEBENCH_BENCH_COMMON_H
#define IDLEBENCH_BENCH_COMMON_H

#include <stdint.h>

#include "lib/mem.h"
#include "lib/rng.h"

/* Fold value into a running checksum (order-sensitive, avalanching). */
static inline uint64_t bench_mix(uint64_t h, uint64_t value)
{
	h ^= value;
	h *= UINT64_C(0x9E3779B97F4A7C15);
	return h ^ (h >> 29);
}

/* The IEEE-754 bits of d, so FP checksums compare results bit for bit. */
static inline uint64_t bench_bits(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof u);
	return u;
}

/* Initial value of a checksum. */
#define BENCH_CHECK_INIT UINT64_C(0xCBF29CE484222325)

#endif

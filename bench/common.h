/* Helpers shared by the workloads (internal to bench/): a seeded PRNG, the
 * checksum mix and the bits of a double. All static inline, freestanding. */
#ifndef IDLEBENCH_BENCH_COMMON_H
#define IDLEBENCH_BENCH_COMMON_H

#include <stdint.h>

#include "lib/mem.h"

/* SplitMix64 state (Steele, Lea, Flood: "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): one add and a finaliser per draw, any seed is fine. */
struct bench_rng {
	uint64_t state; /* advanced by the golden-ratio increment per draw */
};

/* Start a generator from seed, decorrelated per stream (e.g. per iteration). */
static inline struct bench_rng bench_rng_init(uint64_t seed, uint64_t stream)
{
	struct bench_rng r = { seed ^ (stream * UINT64_C(0xD1B54A32D192ED03)) };
	return r;
}

/* Next 64 random bits. */
static inline uint64_t bench_rng_next(struct bench_rng *r)
{
	uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Uniform integer in [0, bound) (bound > 0; the modulo bias is irrelevant here). */
static inline uint32_t bench_rng_below(struct bench_rng *r, uint32_t bound)
{
	return (uint32_t)((bench_rng_next(r) >> 32) % bound);
}

/* Uniform double in [0, 1) from the top 53 bits: exact, no rounding. */
static inline double bench_rng_unit(struct bench_rng *r)
{
	return (double)(bench_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

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

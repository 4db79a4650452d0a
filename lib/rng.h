/* A seeded pseudo-random generator for the workloads and the statistics'
 * resampling and orders. Static inline, freestanding. */
#ifndef IDLEBENCH_LIB_RNG_H
#define IDLEBENCH_LIB_RNG_H

#include <stdint.h>

/* SplitMix64 state (Steele, Lea, Flood: "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): one add and a finaliser per draw, any seed is fine. */
struct rng {
	uint64_t state; /* advanced by the golden-ratio increment per draw */
};

/* Start a generator from seed, decorrelated per stream (e.g. per iteration). */
static inline struct rng rng_init(uint64_t seed, uint64_t stream)
{
	struct rng r = { seed ^ (stream * UINT64_C(0xD1B54A32D192ED03)) };
	return r;
}

/* Next 64 random bits. */
static inline uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Uniform integer in [0, bound) (bound > 0; the modulo bias is irrelevant here). */
static inline uint32_t rng_below(struct rng *r, uint32_t bound)
{
	return (uint32_t)((rng_next(r) >> 32) % bound);
}

/* Uniform double in [0, 1) from the top 53 bits: exact, no rounding. */
static inline double rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif

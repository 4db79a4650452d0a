/* montecarlo: Monte-Carlo pricing of an arithmetic-average Asian call under
 * geometric Brownian motion, normals from the Box-Muller transform -- the
 * quantitative-finance kernel of option pricers (and the random sampling in
 * 541.leela_r's playouts and 544.nab_r's Langevin dynamics): transcendental
 * functions (log, sqrt, sin, cos, exp) in dependent chains.
 * Setup draws the market parameters; iteration i simulates 64 paths of 32
 * steps from its own random stream (seed, i) and folds the discounted mean
 * payoff and the sum of the path averages.
 * Working set: parameters and one path, under 1 KiB (L1). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define MC_PATHS 64
#define MC_STEPS 32
#define MC_PI    3.14159265358979323846

struct montecarlo_arena {
	uint64_t seed;
	double spot, strike, rate, sigma, years;
	double drift, vol_step, discount; /* derived per step */
};

static void montecarlo_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct montecarlo_arena *a = arena;
	struct rng rng = rng_init(seed, 17);

	a->seed = rng_next(&rng);
	a->spot = 80.0 + 40.0 * rng_unit(&rng);
	a->strike = a->spot * (0.9 + 0.2 * rng_unit(&rng)); /* near the money: payoffs rarely all 0 */
	a->rate = 0.01 + 0.04 * rng_unit(&rng);
	a->sigma = 0.1 + 0.3 * rng_unit(&rng);
	a->years = 0.5 + rng_unit(&rng);
	double dt = a->years / MC_STEPS;
	a->drift = (a->rate - 0.5 * a->sigma * a->sigma) * dt;
	a->vol_step = a->sigma * bench_sqrt(dt);
	a->discount = bench_exp(-a->rate * a->years);
}

static uint64_t montecarlo_run(void *arena, uint64_t iterations)
{
	const struct montecarlo_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		struct rng rng = rng_init(a->seed, it);
		double total = 0.0, average = 0.0;
		for (int p = 0; p < MC_PATHS; p++) {
			double log_s = bench_log(a->spot), sum = 0.0;
			for (int s = 0; s < MC_STEPS; s += 2) {
				/* Box-Muller: two independent normals per pair of uniforms */
				double u1 = 1.0 - rng_unit(&rng), u2 = rng_unit(&rng);
				double radius = bench_sqrt(-2.0 * bench_log(u1)), angle = 2.0 * MC_PI * u2;
				log_s += a->drift + a->vol_step * radius * bench_cos(angle);
				sum += bench_exp(log_s);
				log_s += a->drift + a->vol_step * radius * bench_sin(angle);
				sum += bench_exp(log_s);
			}
			average += sum / MC_STEPS;
			double payoff = sum / MC_STEPS - a->strike;
			total += payoff > 0 ? payoff : 0.0;
		}
		h = bench_mix(h, bench_bits(a->discount * total / MC_PATHS));
		h = bench_mix(h, bench_bits(average));
	}
	return h;
}

const struct workload workload_montecarlo = {
	.name = "montecarlo",
	.class = WORKLOAD_FP,
	.summary = "Monte-Carlo Asian option pricing, 64 paths x 32 steps, Box-Muller normals",
	.working_set = sizeof(struct montecarlo_arena),
	.arena_bytes = sizeof(struct montecarlo_arena),
	.setup = montecarlo_setup,
	.run = montecarlo_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

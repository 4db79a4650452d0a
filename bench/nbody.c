/* nbody: gravitational n-body simulation, 96 bodies, softened pairwise
 * forces (each pair once, Newton's third law) and a kick-drift leapfrog step
 * -- the force loops of molecular dynamics (508.namd_r) and astrophysics
 * codes: a square root and a division per pair, dependent FP chains.
 * A run restores the initial state; iteration i advances one step and folds
 * one body's position.
 * Working set: 2 x 96 bodies x 56 B = 10.5 KiB (L1). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define NB_BODIES 96
#define NB_DT     0.001
#define NB_SOFT2  0.0001 /* softening length squared: keeps close encounters finite */

struct nb_body {
	double x, y, z, vx, vy, vz, mass;
};

struct nbody_arena {
	struct nb_body initial[NB_BODIES];
	struct nb_body body[NB_BODIES];
	double ax[NB_BODIES], ay[NB_BODIES], az[NB_BODIES];
};

static void nbody_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct nbody_arena *a = arena;
	struct rng rng = rng_init(seed, 12);

	for (int i = 0; i < NB_BODIES; i++) {
		struct nb_body *b = &a->initial[i];
		b->x = rng_unit(&rng) * 2.0 - 1.0;
		b->y = rng_unit(&rng) * 2.0 - 1.0;
		b->z = rng_unit(&rng) * 2.0 - 1.0;
		b->vx = (rng_unit(&rng) - 0.5) * 0.1;
		b->vy = (rng_unit(&rng) - 0.5) * 0.1;
		b->vz = (rng_unit(&rng) - 0.5) * 0.1;
		b->mass = 0.5 + rng_unit(&rng);
	}
}

static void step(struct nbody_arena *a)
{
	for (int i = 0; i < NB_BODIES; i++)
		a->ax[i] = a->ay[i] = a->az[i] = 0.0;
	for (int i = 0; i < NB_BODIES; i++) {
		const struct nb_body *bi = &a->body[i];
		for (int j = i + 1; j < NB_BODIES; j++) {
			const struct nb_body *bj = &a->body[j];
			double dx = bj->x - bi->x, dy = bj->y - bi->y, dz = bj->z - bi->z;
			double r2 = dx * dx + dy * dy + dz * dz + NB_SOFT2;
			double inv_r3 = 1.0 / (r2 * bench_sqrt(r2));
			double fi = bj->mass * inv_r3, fj = bi->mass * inv_r3;
			a->ax[i] += dx * fi, a->ay[i] += dy * fi, a->az[i] += dz * fi;
			a->ax[j] -= dx * fj, a->ay[j] -= dy * fj, a->az[j] -= dz * fj;
		}
	}
	for (int i = 0; i < NB_BODIES; i++) {
		struct nb_body *b = &a->body[i];
		b->vx += a->ax[i] * NB_DT, b->vy += a->ay[i] * NB_DT, b->vz += a->az[i] * NB_DT;
		b->x += b->vx * NB_DT, b->y += b->vy * NB_DT, b->z += b->vz * NB_DT;
	}
}

static uint64_t nbody_run(void *arena, uint64_t iterations)
{
	struct nbody_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	memcpy(a->body, a->initial, sizeof a->body);
	for (uint64_t it = 0; it < iterations; it++) {
		step(a);
		const struct nb_body *b = &a->body[it % NB_BODIES];
		h = bench_mix(h, bench_bits(b->x) ^ bench_bits(b->y) ^ bench_bits(b->z));
	}
	return h;
}

const struct workload workload_nbody = {
	.name = "nbody",
	.class = WORKLOAD_FP,
	.summary = "96-body softened gravity, pairwise forces + leapfrog step (namd-like)",
	.working_set = 2 * sizeof(struct nb_body) * NB_BODIES,
	.arena_bytes = sizeof(struct nbody_arena),
	.setup = nbody_setup,
	.run = nbody_run,
	.check_iterations = 32,
	.uniform_iterations = true,
};

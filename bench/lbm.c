/* lbm: D2Q9 lattice-Boltzmann fluid, BGK collision with pull streaming on a
 * periodic 32 x 32 lattice -- a 2-D cousin of 519.lbm_r: per cell, nine
 * gathers from neighbours, density and velocity moments, nine equilibrium
 * evaluations and relaxations; many independent FP operations per load.
 * Initial state: equilibrium for density 1 + seeded noise and a shear wave
 * u_x = 0.05 sin(2 pi y / 32). A run restores it; iteration i advances one
 * time step (ping-pong grids) and folds the total x-momentum and one cell.
 * Working set: two lattices 2 x 9 x 32 x 32 x 8 B = 144 KiB (L2). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define LB_N     32
#define LB_Q     9
#define LB_OMEGA 1.7 /* relaxation rate 1/tau: viscosity (1/omega - 1/2) / 3 */
#define LB_PI    3.14159265358979323846

typedef double lattice[LB_Q][LB_N][LB_N]; /* f[direction][y][x] */

struct lbm_arena {
	lattice initial;
	lattice f[2];
};

/* Direction vectors and weights of D2Q9 (Qian, d'Humieres, Lallemand 1992). */
static const int ex[LB_Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static const int ey[LB_Q] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };
static const double weight[LB_Q] = { 4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
                                     1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36 };

static double equilibrium(int q, double rho, double ux, double uy)
{
	double eu = ex[q] * ux + ey[q] * uy;
	return weight[q] * rho * (1.0 + 3.0 * eu + 4.5 * eu * eu - 1.5 * (ux * ux + uy * uy));
}

static void lbm_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct lbm_arena *a = arena;
	struct rng rng = rng_init(seed, 14);

	for (int y = 0; y < LB_N; y++) {
		double ux = 0.05 * bench_sin(2.0 * LB_PI * y / LB_N);
		for (int x = 0; x < LB_N; x++) {
			double rho = 1.0 + 0.01 * (rng_unit(&rng) - 0.5);
			for (int q = 0; q < LB_Q; q++)
				a->initial[q][y][x] = equilibrium(q, rho, ux, 0.0);
		}
	}
}

/* One step from src into dst; returns the total x-momentum after streaming. */
static double lbm_step(const lattice src, lattice dst)
{
	double momentum = 0.0;

	for (int y = 0; y < LB_N; y++)
		for (int x = 0; x < LB_N; x++) {
			double f[LB_Q], rho = 0.0, jx = 0.0, jy = 0.0;
			for (int q = 0; q < LB_Q; q++) {
				f[q] = src[q][(y - ey[q] + LB_N) % LB_N][(x - ex[q] + LB_N) % LB_N];
				rho += f[q];
				jx += ex[q] * f[q];
				jy += ey[q] * f[q];
			}
			double ux = jx / rho, uy = jy / rho;
			momentum += jx;
			for (int q = 0; q < LB_Q; q++)
				dst[q][y][x] = f[q] - LB_OMEGA * (f[q] - equilibrium(q, rho, ux, uy));
		}
	return momentum;
}

static uint64_t lbm_run(void *arena, uint64_t iterations)
{
	struct lbm_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	memcpy(a->f[0], a->initial, sizeof a->initial);
	for (uint64_t it = 0; it < iterations; it++) {
		double (*dst)[LB_N][LB_N] = a->f[(it + 1) & 1];
		double momentum = lbm_step((const double (*)[LB_N][LB_N])a->f[it & 1], dst);
		/* momentum is conserved up to rounding, so also fold one evolving cell */
		h = bench_mix(h, bench_bits(momentum));
		h = bench_mix(h, bench_bits(dst[0][it % LB_N][(it * 7) % LB_N]));
	}
	return h;
}

const struct workload workload_lbm = {
	.name = "lbm",
	.class = WORKLOAD_FP,
	.summary = "D2Q9 lattice-Boltzmann BGK step on a periodic 32x32 lattice (lbm-like)",
	.working_set = 2 * sizeof(lattice),
	.arena_bytes = sizeof(struct lbm_arena),
	.setup = lbm_setup,
	.run = lbm_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

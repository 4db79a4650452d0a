/* stencil: Jacobi time steps of a 9-point 2-D stencil (a smoothed heat
 * equation) on a 512 x 512 grid of doubles, ping-ponging between two grids --
 * the structured-grid sweeps of 549.fotonik3d_r and 554.roms_r: unit-stride
 * streaming with neighbour reuse, bandwidth-bound once the grids leave L2.
 * Iteration i updates one band of 32 rows (band i mod 16), so 16 iterations
 * make one time step; step s reads grid s mod 2 and writes the other. The
 * boundary rows and columns are fixed. A run first restores grid 0 from the
 * pristine copy (6 MiB arena; the copy is part of the run's work).
 * Working set: two grids 2 x 2 MiB = 4 MiB in steady state (L3). */
#include "bench/common.h"
#include "bench/workload.h"

#define ST_N     512
#define ST_BAND  32
#define ST_BANDS (ST_N / ST_BAND)

struct stencil_arena {
	double pristine[ST_N][ST_N];
	double grid[2][ST_N][ST_N];
};

static void stencil_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct stencil_arena *s = arena;
	struct rng rng = rng_init(seed, 11);

	for (int i = 0; i < ST_N; i++)
		for (int j = 0; j < ST_N; j++)
			s->pristine[i][j] = rng_unit(&rng) * 100.0;
}

static double update_band(struct stencil_arena *s, int from, int band)
{
	double (*src)[ST_N] = s->grid[from], (*dst)[ST_N] = s->grid[1 - from];
	int lo = band * ST_BAND, hi = lo + ST_BAND;
	double sum = 0.0;

	if (lo == 0)
		lo = 1;
	if (hi == ST_N)
		hi = ST_N - 1;
	for (int i = lo; i < hi; i++) {
		for (int j = 1; j < ST_N - 1; j++) {
			double edge = src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1];
			double corner = src[i - 1][j - 1] + src[i - 1][j + 1] + src[i + 1][j - 1] + src[i + 1][j + 1];
			dst[i][j] = 0.4 * src[i][j] + 0.1 * edge + 0.05 * corner;
		}
		sum += dst[i][i % (ST_N - 2) + 1];
	}
	return sum;
}

static uint64_t stencil_run(void *arena, uint64_t iterations)
{
	struct stencil_arena *s = arena;
	uint64_t h = BENCH_CHECK_INIT;

	memcpy(s->grid[0], s->pristine, sizeof s->pristine);
	/* the fixed boundary of grid 1 equals grid 0's */
	memcpy(s->grid[1][0], s->pristine[0], sizeof s->pristine[0]);
	memcpy(s->grid[1][ST_N - 1], s->pristine[ST_N - 1], sizeof s->pristine[0]);
	for (int i = 1; i < ST_N - 1; i++) {
		s->grid[1][i][0] = s->pristine[i][0];
		s->grid[1][i][ST_N - 1] = s->pristine[i][ST_N - 1];
	}
	for (uint64_t it = 0; it < iterations; it++) {
		int step = (int)((it / ST_BANDS) & 1);
		h = bench_mix(h, bench_bits(update_band(s, step, (int)(it % ST_BANDS))));
	}
	return h;
}

const struct workload workload_stencil = {
	.name = "stencil",
	.class = WORKLOAD_FP,
	.summary = "9-point Jacobi sweeps over 512x512 double grids, 32 rows per iteration (roms/fotonik-like)",
	.working_set = 2 * sizeof(double) * ST_N * ST_N,
	.arena_bytes = sizeof(struct stencil_arena),
	.setup = stencil_setup,
	.run = stencil_run,
	.check_iterations = 40,
};

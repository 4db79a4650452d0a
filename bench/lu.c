/* lu: LU factorisation with partial pivoting of a 48 x 48 dense matrix,
 * then forward and back substitution -- LINPACK's dgefa/dgesl shape (the
 * dense solves inside 510.parest_r and 527.cam4_r): rank-1 updates, pivot
 * searches with data-dependent row swaps, triangular solves.
 * Each iteration copies the pristine matrix into the work matrix (part of
 * the work: the factorisation destroys it), factors it, solves for a
 * right-hand side that depends on the iteration and folds the solution.
 * Working set: pristine 18 KiB + work 18 KiB + vectors 0.6 KiB = 37 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define LU_N 48

struct lu_arena {
	double pristine[LU_N][LU_N];
	double m[LU_N][LU_N];
	double x[LU_N];
	int pivot[LU_N];
};

static void lu_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct lu_arena *a = arena;
	struct rng rng = rng_init(seed, 16);

	for (int i = 0; i < LU_N; i++)
		for (int j = 0; j < LU_N; j++)
			a->pristine[i][j] = rng_unit(&rng) * 2.0 - 1.0;
}

static double fabs_(double v)
{
	return v < 0 ? -v : v;
}

/* Doolittle with row pivoting: m = L\U in place, pivot[k] = row swapped into k. */
static void factor(struct lu_arena *a)
{
	for (int k = 0; k < LU_N; k++) {
		int p = k;
		for (int i = k + 1; i < LU_N; i++)
			if (fabs_(a->m[i][k]) > fabs_(a->m[p][k]))
				p = i;
		a->pivot[k] = p;
		if (p != k)
			for (int j = 0; j < LU_N; j++) {
				double t = a->m[k][j];
				a->m[k][j] = a->m[p][j];
				a->m[p][j] = t;
			}
		/* a random matrix is singular with probability 0; a zero pivot just yields inf/nan bits */
		double inv = 1.0 / a->m[k][k];
		for (int i = k + 1; i < LU_N; i++) {
			double l = a->m[i][k] * inv;
			a->m[i][k] = l;
			for (int j = k + 1; j < LU_N; j++)
				a->m[i][j] -= l * a->m[k][j];
		}
	}
}

static void solve(struct lu_arena *a)
{
	for (int k = 0; k < LU_N; k++) { /* apply the row swaps to b */
		double t = a->x[k];
		a->x[k] = a->x[a->pivot[k]];
		a->x[a->pivot[k]] = t;
	}
	for (int i = 1; i < LU_N; i++) /* L y = Pb, unit diagonal */
		for (int j = 0; j < i; j++)
			a->x[i] -= a->m[i][j] * a->x[j];
	for (int i = LU_N - 1; i >= 0; i--) { /* U x = y */
		for (int j = i + 1; j < LU_N; j++)
			a->x[i] -= a->m[i][j] * a->x[j];
		a->x[i] /= a->m[i][i];
	}
}

static uint64_t lu_run(void *arena, uint64_t iterations)
{
	struct lu_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		memcpy(a->m, a->pristine, sizeof a->m);
		factor(a);
		for (int i = 0; i < LU_N; i++)
			a->x[i] = (double)((int)((i + it) % 7) - 3);
		solve(a);
		for (int i = 0; i < LU_N; i += 8)
			h = bench_mix(h, bench_bits(a->x[i]));
		h = bench_mix(h, bench_bits(a->m[LU_N - 1][LU_N - 1]));
	}
	return h;
}

const struct workload workload_lu = {
	.name = "lu",
	.class = WORKLOAD_FP,
	.summary = "48x48 LU factorisation with partial pivoting + triangular solves (LINPACK-like)",
	.working_set = sizeof(struct lu_arena),
	.arena_bytes = sizeof(struct lu_arena),
	.setup = lu_setup,
	.run = lu_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

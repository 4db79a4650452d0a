/* matmul: blocked dense matrix multiply C += A * B on 48 x 48 doubles with
 * 16 x 16 x 16 tiles -- the dgemm at the heart of dense linear algebra
 * (508.namd_r's and 527.cam4_r's inner kernels are smaller relatives):
 * streaming multiply-adds the compiler vectorises, high FP throughput.
 * C is cleared at the start of a run and accumulates one product per
 * iteration; the checksum folds C's diagonal after each iteration.
 * Working set: A, B, C 3 x 18 KiB = 54 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define MM_N    48
#define MM_TILE 16

struct matmul_arena {
	double a[MM_N][MM_N];
	double b[MM_N][MM_N];
	double c[MM_N][MM_N];
};

static void matmul_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct matmul_arena *m = arena;
	struct rng rng = rng_init(seed, 10);

	for (int i = 0; i < MM_N; i++)
		for (int j = 0; j < MM_N; j++) {
			m->a[i][j] = rng_unit(&rng) - 0.5;
			m->b[i][j] = rng_unit(&rng) - 0.5;
		}
}

/* One tile: i-k-j order, so the innermost loop is a unit-stride axpy. Each
 * c[i][j] still receives its products in increasing k, so the result does
 * not depend on how the compiler vectorises across j. */
static void tile(struct matmul_arena *m, int i0, int j0, int k0)
{
	for (int i = i0; i < i0 + MM_TILE; i++)
		for (int k = k0; k < k0 + MM_TILE; k++) {
			double aik = m->a[i][k];
			for (int j = j0; j < j0 + MM_TILE; j++)
				m->c[i][j] += aik * m->b[k][j];
		}
}

static uint64_t matmul_run(void *arena, uint64_t iterations)
{
	struct matmul_arena *m = arena;
	uint64_t h = BENCH_CHECK_INIT;

	memset(m->c, 0, sizeof m->c);
	for (uint64_t it = 0; it < iterations; it++) {
		for (int i0 = 0; i0 < MM_N; i0 += MM_TILE)
			for (int j0 = 0; j0 < MM_N; j0 += MM_TILE)
				for (int k0 = 0; k0 < MM_N; k0 += MM_TILE)
					tile(m, i0, j0, k0);
		for (int i = 0; i < MM_N; i++)
			h = bench_mix(h, bench_bits(m->c[i][i]));
	}
	return h;
}

const struct workload workload_matmul = {
	.name = "matmul",
	.class = WORKLOAD_FP,
	.summary = "blocked 48x48 double matrix multiply-accumulate (dgemm-like)",
	.working_set = sizeof(struct matmul_arena),
	.arena_bytes = sizeof(struct matmul_arena),
	.setup = matmul_setup,
	.run = matmul_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

/* whetstone: a Whetstone-style synthetic mix (Curnow and Wichmann, "A
 * synthetic benchmark", Computer Journal 1976; UnixBench's `whetstone-double`)
 * written afresh: array-element arithmetic, conditional branches and integer
 * index arithmetic, procedure calls with pointer arguments, trigonometric
 * and arctangent chains, and sqrt(exp(log(..))) chains -- using our own
 * bench_sin/cos/atan/exp/log, since there is no libm.
 * A run resets the state from the seeded start values; each iteration runs
 * every module once (about 400 transcendental calls) and folds the state.
 * Working set: a few hundred bytes (L1). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define WH_ARRAY_LOOPS 64
#define WH_BRANCH_LOOPS 64
#define WH_CALL_LOOPS  64
#define WH_TRIG_LOOPS  32
#define WH_STD_LOOPS   64

struct whet_state {
	double e[4];
	double x, y, z;
	int64_t j, k, l;
};

struct whetstone_arena {
	struct whet_state start;
	struct whet_state s;
	double t, t2; /* damping factors just below 1/2 and 2, as in the original */
};

static void whetstone_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct whetstone_arena *a = arena;
	struct rng rng = rng_init(seed, 18);

	for (int i = 0; i < 4; i++)
		a->start.e[i] = rng_unit(&rng) * 2.0 - 1.0;
	a->start.x = 0.2 + 0.6 * rng_unit(&rng);
	a->start.y = 0.2 + 0.6 * rng_unit(&rng);
	a->start.z = 0.5 + rng_unit(&rng);
	a->start.j = 1 + (int64_t)rng_below(&rng, 3);
	a->start.k = 2;
	a->start.l = 3;
	a->t = 0.499975 + 0.00001 * rng_unit(&rng);
	a->t2 = 2.0 - 0.00002 * rng_unit(&rng);
}

/* Mixing the four elements with weights summing to about 1 keeps them bounded. */
static void module_array(struct whet_state *s, double t)
{
	double *e = s->e;
	for (int i = 0; i < WH_ARRAY_LOOPS; i++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) * t;
	}
}

static void module_branch(struct whet_state *s)
{
	for (int i = 0; i < WH_BRANCH_LOOPS; i++) {
		s->j = s->j == 1 ? 2 : 3;
		s->j = s->j > 2 ? 0 : 1;
		s->j = s->j < 1 ? 1 : 0;
		s->k = s->j * (s->k - s->j) * (s->l - s->k) % 7 + 2;
		s->l = (s->l - s->k) * (3 + s->j) % 5 + 4;
	}
}

static void scale_pair(double *p, double *q, double t, double t2)
{
	double p0 = *p, q0 = *q;
	*p = t * (p0 + q0);
	*q = t * (p0 * 0.5 + q0 / t2);
}

static void module_calls(struct whet_state *s, double t, double t2)
{
	for (int i = 0; i < WH_CALL_LOOPS; i++)
		scale_pair(&s->e[(i + s->j) & 3], &s->z, t, t2);
	s->z = 0.5 + s->z * s->z; /* keep z positive for the log below */
}

static void module_trig(struct whet_state *s, double t, double t2)
{
	for (int i = 0; i < WH_TRIG_LOOPS; i++) {
		s->x = t * bench_atan(t2 * bench_sin(s->x) * bench_cos(s->y) /
		                      (2.0 + bench_cos(s->x + s->y) * bench_cos(s->x - s->y)));
		s->y = t * bench_atan(t2 * bench_sin(s->y) * bench_cos(s->x) /
		                      (2.0 + bench_cos(s->x + s->y) * bench_cos(s->x - s->y)));
	}
}

static void module_standard(struct whet_state *s, double t)
{
	for (int i = 0; i < WH_STD_LOOPS; i++)
		s->z = bench_sqrt(bench_exp(bench_log(s->z + 1.0) * t)) + 0.25 * s->e[i & 3] * s->e[i & 3];
}

static uint64_t whetstone_run(void *arena, uint64_t iterations)
{
	struct whetstone_arena *a = arena;
	struct whet_state *s = &a->s;
	uint64_t h = BENCH_CHECK_INIT;

	*s = a->start;
	for (uint64_t it = 0; it < iterations; it++) {
		module_array(s, a->t);
		module_branch(s);
		module_calls(s, a->t, a->t2);
		module_trig(s, a->t, a->t2);
		module_standard(s, a->t);
		h = bench_mix(h, bench_bits(s->x) ^ bench_bits(s->y) * 3 ^ bench_bits(s->z) * 5 ^
		                 bench_bits(s->e[0] + s->e[3]) * 7);
		h = bench_mix(h, (uint64_t)(s->j + 8 * s->k + 64 * s->l));
		/* restart the array from the seeded values when it has decayed to
		 * denormal range, which would otherwise make iterations slow down */
		if (s->e[0] * s->e[0] + s->e[1] * s->e[1] < 1e-200)
			for (int i = 0; i < 4; i++)
				s->e[i] = a->start.e[i];
	}
	return h;
}

const struct workload workload_whetstone = {
	.name = "whetstone",
	.class = WORKLOAD_FP,
	.summary = "Whetstone-style mix: array arithmetic, branches, calls, sin/cos/atan, sqrt/exp/log",
	.working_set = sizeof(struct whetstone_arena),
	.arena_bytes = sizeof(struct whetstone_arena),
	.setup = whetstone_setup,
	.run = whetstone_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

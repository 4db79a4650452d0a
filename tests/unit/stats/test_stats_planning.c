/* stats/planning.c against hand-computed cases (Python 3 on the same
 * formulas; t quantiles from mpmath as in test_stats_student_t.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stats/planning.h"
#include "stats/student_t.h"

static void assert_close(double got, double want, double tol)
{
	double scale = fabs(want) > 1e-300 ? fabs(want) : 1.0;
	if (!(fabs(got - want) <= tol * scale))
		fail_msg("got %.17g, want %.17g (relative tolerance %.3g)", got, want, tol);
}

/* Three boots of 10 blocks, means 0.01, 0.03, 0.02, variances 1, 2, 1.5 e-4:
 * MS_within = 1.5e-4, MS_between = 10 * 2e-4 / 2 = 1e-3, n0 = 10,
 * between = (1e-3 - 1.5e-4) / 10 = 8.5e-5. */
static void test_components_balanced_hand_computed(void **state)
{
	const struct stats_boot b[] = { { 0.01, 1e-4, 10 }, { 0.03, 2e-4, 10 }, { 0.02, 1.5e-4, 10 } };

	(void)state;
	struct stats_variance_components v = stats_variance_components(b, 3);
	assert_int_equal(v.boots, 3);
	assert_close(v.within, 1.5e-4, 1e-13);
	assert_close(v.between, 8.5e-5, 1e-12);
	assert_close(v.n0, 10, 1e-15);
}

/* Unequal counts 5, 10, 20: n0 = (35 - 525/35) / 2 = 10 (not the mean 11.7),
 * grand mean weighted by blocks. */
static void test_components_unbalanced_hand_computed(void **state)
{
	const struct stats_boot b[] = { { 0.01, 1e-4, 5 }, { 0.0, 0.0, 0 }, { 0.03, 2e-4, 10 }, { 0.02, 1.5e-4, 20 } };

	(void)state;
	struct stats_variance_components v = stats_variance_components(b, 4);
	assert_int_equal(v.boots, 3);
	assert_close(v.n0, 10, 1e-14);
	assert_close(v.within, 0.0001578125, 1e-13);
	assert_close(v.between, 5.564732142857141e-05, 1e-12);
}

static void test_components_truncate_at_zero_and_need_two_boots(void **state)
{
	const struct stats_boot same[] = { { 0.02, 1e-4, 10 }, { 0.02, 1e-4, 10 } };
	const struct stats_boot single_blocks[] = { { 0.01, 0, 1 }, { 0.03, 0, 1 } };

	(void)state;
	struct stats_variance_components v = stats_variance_components(same, 2);
	assert_true(v.between == 0.0);
	assert_close(v.within, 1e-4, 1e-14);
	v = stats_variance_components(same, 1);
	assert_true(isnan(v.between) && isnan(v.within));
	v = stats_variance_components(single_blocks, 2); /* no within-boot degrees of freedom */
	assert_true(isnan(v.between) && isnan(v.within));
}

/* sqrt(4 * 0.5 / 0.125) = 4 exactly (powers of two); sqrt(60 * 1.5e-4 /
 * 8.5e-5) = 10.29 -> 11. */
static void test_optimal_reps_kalibera_jones(void **state)
{
	const struct stats_variance_components exact = { 0.125, 0.5, 10, 3 };
	const struct stats_variance_components v = { 8.5e-5, 1.5e-4, 10, 3 };
	const struct stats_variance_components flat = { 0, 1.5e-4, 10, 3 };
	const struct stats_variance_components unknown = { NAN, NAN, NAN, 1 };

	(void)state;
	assert_int_equal(stats_optimal_reps(&exact, 4, 1), 4);
	assert_int_equal(stats_optimal_reps(&v, 60, 1), 11);
	assert_int_equal(stats_optimal_reps(&v, 1, 1e6), 1); /* reps cost more than boots: still one */
	assert_int_equal(stats_optimal_reps(&flat, 60, 1), STATS_PLAN_LIMIT);
	assert_int_equal(stats_optimal_reps(&unknown, 60, 1), 0);
	assert_int_equal(stats_optimal_reps(&v, 0, 1), 0);
}

/* between 1e-4, within 4e-4, 10 reps: a boot mean has variance 1.4e-4; for
 * +-1 % (0.00995033 on the log scale) t(7) sqrt(1.4e-4 / 8) = 0.0098919
 * fits and t(6) sqrt(1.4e-4 / 7) = 0.010943 does not: 8 boots. */
static void test_boots_needed_hand_computed_and_minimal(void **state)
{
	const struct stats_variance_components v = { 1e-4, 4e-4, 10, 5 };

	(void)state;
	assert_int_equal(stats_boots_needed(&v, 10, 1.0), 8);
	/* Minimal for other targets and rep counts too. */
	for (size_t reps = 1; reps <= 64; reps *= 4)
		for (double h = 0.25; h <= 4; h *= 2) {
			size_t b = stats_boots_needed(&v, reps, h);
			double var = v.between + v.within / (double)reps, target = log(1 + h / 100);
			assert_true(b >= 2);
			assert_true(stats_t_975((double)(b - 1)) * sqrt(var / (double)b) <= target);
			if (b > 2)
				assert_true(stats_t_975((double)(b - 2)) * sqrt(var / (double)(b - 1)) > target);
		}
	const struct stats_variance_components wild = { 1.0, 1.0, 10, 5 };
	assert_int_equal(stats_boots_needed(&wild, 10, 0.01), STATS_PLAN_LIMIT);
	assert_int_equal(stats_boots_needed(&v, 0, 1.0), 0);
	assert_int_equal(stats_boots_needed(&v, 10, 0), 0);
}

/* Pilot of 10, sd 0.02, +-1 %: (2.2621571627982055 * 0.02 / log 1.01)^2 =
 * 20.67 -> 21. */
static void test_stein_two_stage(void **state)
{
	(void)state;
	assert_int_equal(stats_stein_reps(10, 0.02, 1.0), 21);
	assert_int_equal(stats_stein_reps(10, 0.001, 1.0), 10); /* the pilot already suffices */
	assert_int_equal(stats_stein_reps(10, 0.0, 1.0), 10);
	assert_int_equal(stats_stein_reps(10, 1.0, 0.001), STATS_PLAN_LIMIT);
	assert_int_equal(stats_stein_reps(1, 0.02, 1.0), 0);
	assert_int_equal(stats_stein_reps(10, 0.02, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_components_balanced_hand_computed),
		cmocka_unit_test(test_components_unbalanced_hand_computed),
		cmocka_unit_test(test_components_truncate_at_zero_and_need_two_boots),
		cmocka_unit_test(test_optimal_reps_kalibera_jones),
		cmocka_unit_test(test_boots_needed_hand_computed_and_minimal),
		cmocka_unit_test(test_stein_two_stage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The time a run has left (kernel/console/eta.c): the samples' rate
 * alone, bounded by the budget's remainder (the QEMU TCG case: preset=standard's
 * rate says 3514 s, its 600 s budget ends the run), nothing made up before
 * the first sample, and 0 once the budget is spent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/console/eta.h"

static void without_budget_the_rate_decides(void **state)
{
	(void)state;
	struct eta e = eta_estimate(10, 40, 5000, 0);
	assert_true(e.known);
	assert_false(e.by_budget);
	assert_int_equal(e.ms, 15000);
}

static void budget_remainder_bounds_a_longer_estimate(void **state)
{
	(void)state;
	/* 28 of 1008 samples in 100 s: the rate says 3500 s, the budget 500 s. */
	struct eta e = eta_estimate(28, 1008, 100000, 600);
	assert_true(e.known);
	assert_true(e.by_budget);
	assert_int_equal(e.ms, 500000);
}

static void budget_leaves_a_shorter_estimate_alone(void **state)
{
	(void)state;
	struct eta e = eta_estimate(30, 40, 30000, 600);
	assert_true(e.known);
	assert_false(e.by_budget);
	assert_int_equal(e.ms, 10000);
}

static void nothing_done_is_unknown_or_the_budget(void **state)
{
	(void)state;
	assert_false(eta_estimate(0, 40, 0, 0).known);
	struct eta e = eta_estimate(0, 40, 2000, 600);
	assert_true(e.known);
	assert_true(e.by_budget);
	assert_int_equal(e.ms, 598000);
}

static void spent_budget_leaves_zero(void **state)
{
	(void)state;
	/* The repetition under way still ends the run (harness.c round_done). */
	struct eta e = eta_estimate(50, 1008, 601000, 600);
	assert_true(e.by_budget);
	assert_int_equal(e.ms, 0);
	assert_int_equal(eta_estimate(40, 40, 9000, 0).ms, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(without_budget_the_rate_decides),
		cmocka_unit_test(budget_remainder_bounds_a_longer_estimate),
		cmocka_unit_test(budget_leaves_a_shorter_estimate_alone),
		cmocka_unit_test(nothing_done_is_unknown_or_the_budget),
		cmocka_unit_test(spent_budget_leaves_zero),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

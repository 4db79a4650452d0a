/* The roles of the CPUs (kernel/sibling/cpu_roles.c): which CPUs the
 * `others=` option applies to and which of the measured CPU's siblings are
 * held in HLT, for each placement on SMT2 and SMT4 topologies with gaps in
 * the APIC IDs (the 12-CPU Hygon listing of docs/stream-format.md), without SMT,
 * and when the output arrays are too small; and the option's names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/sibling/cpu_roles.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* 2 cores x 2 threads. */
static const uint32_t smt2x2[] = { 0, 1, 2, 3 };
/* A Hygon 6-core SMT2 part: APIC IDs with a gap between the CCXs. */
static const uint32_t hygon12[] = { 0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13 };

static uint32_t held[16], others[16];
static size_t held_n, others_n;

static bool split(uint32_t bench, const uint32_t *sib, size_t ns, const uint32_t *parked, size_t np,
		  const uint32_t *enabled, size_t ne, size_t held_cap, size_t others_cap)
{
	struct cpu_roles_input in = { bench, sib, ns, parked, np, enabled, ne };
	memset(held, 0xEE, sizeof held);
	memset(others, 0xEE, sizeof others);
	return cpu_roles_split(&in, held, held_cap, &held_n, others, others_cap, &others_n);
}

static void assert_ids(const uint32_t *got, size_t n, const uint32_t *want, size_t wn)
{
	assert_int_equal(n, wn);
	for (size_t i = 0; i < wn; i++)
		assert_int_equal(got[i], want[i]);
}

static void test_placement_sibling_leaves_the_other_cores_as_others(void **state)
{
	static const uint32_t sib[] = { 1 }, want[] = { 2, 3 };
	(void)state;
	assert_true(split(0, sib, 1, sib, 1, smt2x2, N(smt2x2), 16, 16));
	assert_int_equal(held_n, 0);
	assert_ids(others, others_n, want, N(want));
}

static void test_placement_other_core_holds_the_own_sibling_and_excludes_the_control(void **state)
{
	static const uint32_t sib[] = { 1 }, control[] = { 2 }, want[] = { 3 };
	(void)state;
	assert_true(split(0, sib, 1, control, 1, smt2x2, N(smt2x2), 16, 16));
	assert_ids(held, held_n, sib, 1);
	assert_ids(others, others_n, want, N(want));
}

static void test_placement_both_holds_nothing(void **state)
{
	static const uint32_t sib[] = { 1 }, parked[] = { 1, 2 }, want[] = { 3 };
	(void)state;
	assert_true(split(0, sib, 1, parked, 2, smt2x2, N(smt2x2), 16, 16));
	assert_int_equal(held_n, 0);
	assert_ids(others, others_n, want, N(want));
}

static void test_measured_cpu_in_the_middle_of_a_gapped_listing(void **state)
{
	/* Measured CPU 9 (core 8/9), control 0 (other-core): held 8, the rest others. */
	static const uint32_t sib[] = { 8 }, control[] = { 0 };
	static const uint32_t want[] = { 1, 2, 3, 4, 5, 10, 11, 12, 13 };
	(void)state;
	assert_true(split(9, sib, 1, control, 1, hygon12, N(hygon12), 16, 16));
	assert_ids(held, held_n, sib, 1);
	assert_ids(others, others_n, want, N(want));
}

static void test_smt4_other_core_holds_three_siblings(void **state)
{
	static const uint32_t all[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const uint32_t sib[] = { 1, 2, 3 }, control[] = { 4 }, want[] = { 5, 6, 7 };
	(void)state;
	assert_true(split(0, sib, 3, control, 1, all, N(all), 16, 16));
	assert_ids(held, held_n, sib, 3);
	assert_ids(others, others_n, want, N(want));
}

static void test_without_smt_every_other_cpu_is_an_other(void **state)
{
	static const uint32_t all[] = { 0, 1, 2, 3 }, want[] = { 1, 2, 3 };
	(void)state;
	assert_true(split(0, NULL, 0, NULL, 0, all, N(all), 16, 16));
	assert_int_equal(held_n, 0);
	assert_ids(others, others_n, want, N(want));
}

static void test_single_cpu_has_no_others(void **state)
{
	static const uint32_t one[] = { 0 };
	(void)state;
	assert_true(split(0, NULL, 0, NULL, 0, one, 1, 16, 16));
	assert_int_equal(held_n, 0);
	assert_int_equal(others_n, 0);
}

static void test_too_small_arrays_are_reported_and_not_overrun(void **state)
{
	static const uint32_t sib[] = { 1 }, control[] = { 2 }, want[] = { 3, 4 };
	(void)state;
	assert_false(split(0, sib, 1, control, 1, hygon12, N(hygon12), 16, 2));
	assert_ids(others, others_n, want, N(want));
	assert_int_equal(others[2], 0xEEEEEEEEu);
	assert_false(split(0, sib, 1, control, 1, hygon12, N(hygon12), 0, 16));
	assert_int_equal(held_n, 0);
	assert_int_equal(held[0], 0xEEEEEEEEu);
}

static void test_others_names_are_the_option_contract(void **state)
{
	static const char *const names[] = { "leave", "hlt", "off", "load" };
	(void)state;
	assert_int_equal(OTHERS_MODE_COUNT, N(names));
	for (int m = 0; m < OTHERS_MODE_COUNT; m++)
		assert_string_equal(others_mode_name((enum others_mode)m), names[m]);
	assert_string_equal(others_mode_name(OTHERS_MODE_COUNT), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placement_sibling_leaves_the_other_cores_as_others),
		cmocka_unit_test(test_placement_other_core_holds_the_own_sibling_and_excludes_the_control),
		cmocka_unit_test(test_placement_both_holds_nothing),
		cmocka_unit_test(test_measured_cpu_in_the_middle_of_a_gapped_listing),
		cmocka_unit_test(test_smt4_other_core_holds_three_siblings),
		cmocka_unit_test(test_without_smt_every_other_cpu_is_an_other),
		cmocka_unit_test(test_single_cpu_has_no_others),
		cmocka_unit_test(test_too_small_arrays_are_reported_and_not_overrun),
		cmocka_unit_test(test_others_names_are_the_option_contract),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* `idlebench compare` on the fixtures: plan_a_boot1/2.csv (group A) against
 * plan_a_mwait5_boot1/2.csv, the same boots with every mwait sample 5 %
 * slower (tests/fixtures/results/shift_mode.py, which computes the expected
 * figures from the rows with Python and mpmath, not with this code). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/crc32.h"
#include "tests/unit/tools/fd_redirect.h"
#include "tests/unit/tools/fixture_edit.h"
#include "tools/common/commands.h"

#define F "tests/fixtures/results/"

static void assert_contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected to find\n%s\nin\n%s", needle, haystack);
}

/* compare plan_a's two boots (A) with the same boots' mwait samples made 5 %
 * slower (B); the command succeeds. */
static void compare_mwait_shifted_by_five_percent(struct command_output *o)
{
	char *argv[] = { "compare", F "plan_a_boot1.csv", F "plan_a_boot2.csv", "--", F "plan_a_mwait5_boot1.csv",
			 F "plan_a_mwait5_boot2.csv" };
	run_command(cmd_compare, 6, argv, NULL, o);
	assert_int_equal(o->status, 0);
}

/* shift_mode.py: int A 12.65 B 18.29, B vs A 5.00 [1.25, 8.89]; fp A 19.96
 * B 25.96, 5.00 [2.27, 7.80]; Welch df 2 (equal variances, 1 df each). */
static void test_known_five_percent_difference_is_found_with_its_interval(void **state)
{
	(void)state;
	struct command_output o;
	compare_mwait_shifted_by_five_percent(&o);
	assert_string_equal(o.err, "");
	assert_contains(o.out, "    int                         12.65    18.29     5.00 [1.25, 8.89]  ");
	assert_contains(o.out, "    fp                          19.96    25.96     5.00 [2.27, 7.80]  ");
	assert_contains(o.out, "verdict int (mwait vs hlt): B vs A 5.00 % [1.25, 8.89] (+-3.82 points): "
			       "distinguishable from noise at this width\n");
	assert_contains(o.out, "verdict fp (mwait vs hlt): B vs A 5.00 % [2.27, 7.80] (+-2.77 points): "
			       "distinguishable from noise at this width\n");
	/* only mwait moved: a spin cell's difference is 0 and not distinguishable */
	assert_contains(o.out, "    hash spin                    4.92     4.92     0.00 [");
	assert_null(strstr(o.out, "machine_id differs"));
}

/* The workload lines are one family of 8 (mwait and spin x 4; the controls
 * hlt2 and spike are outside it), Holm-adjusted. Computed by hand from the
 * printed intervals (half-width / t(2, 0.975) = se on the log scale, Welch
 * df 2): hash t = 15.3, p = 0.0042, x 8 = 0.034; whetstone t = 12.1,
 * p = 0.0068, x 7 = 0.047; nbody t = 5.9, p = 0.027, x 6 = 0.16: nbody's own
 * interval excludes 0, yet it is not marked (it was before the adjustment). */
static void test_workload_lines_are_marked_after_holm_over_the_family(void **state)
{
	(void)state;
	struct command_output o;
	compare_mwait_shifted_by_five_percent(&o);
	assert_contains(o.out, "over the family of 8 workload lines");
	assert_contains(o.out, "    hash mwait                  12.77    18.41     5.00 [3.57, 6.45]            1.73 *\n");
	assert_contains(o.out, "    whetstone mwait             20.12    26.13     5.00 [3.19, 6.84]            2.19 *\n");
	assert_contains(o.out, "    nbody mwait                 19.81    25.80     5.00 [1.35, 8.78]            4.50\n");
	assert_contains(o.out, "    interp mwait                12.53    18.16     5.00 [-1.03, 11.39]          7.65\n");
}

/* A group against itself: every difference 0, never distinguishable. */
static void test_group_against_itself_is_not_distinguishable(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", F "plan_a_boot1.csv", F "plan_a_boot2.csv", "--", F "plan_a_boot1.csv",
			 F "plan_a_boot2.csv" };
	run_command(cmd_compare, 6, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "verdict int (mwait vs hlt): B vs A 0.00 % [");
	assert_contains(o.out, "not distinguishable from noise at this width (a difference below ");
	assert_null(strstr(o.out, " *\n"));
}

/* Another plan is refused, naming what differs; --allow-different-plans compares anyway. */
static void test_different_plans_are_refused_with_what_differs(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", F "plan_a_boot1.csv", "--", F "qemu_pvh_tcg.csv" };
	run_command(cmd_compare, 4, argv, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, "");
	assert_contains(o.err, "idlebench compare: the groups measured different plans: ");
	assert_contains(o.err, "  modes_measured: A hlt,mwait,spin,hlt2,spike, B hlt,mwait,spin,off\n");
	assert_contains(o.err, "  workloads measured in B only: lz, sort, ");
	assert_contains(o.err, "refused: another plan measures something else (--allow-different-plans compares anyway)\n");

	char *plan_b[] = { "compare", F "plan_a_boot1.csv", "--", F "plan_b.csv" };
	run_command(cmd_compare, 4, plan_b, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_contains(o.err, "plan_id differs (a1b2c3d4e5f60718 here, b0b0b0b0b0b0b0b0 there: another plan)");

	char *allowed[] = { "compare", "--allow-different-plans", F "plan_a_boot1.csv", "--", F "plan_b.csv" };
	run_command(cmd_compare, 5, allowed, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "PLANS DIFFER (--allow-different-plans)");
	assert_contains(o.out, "verdict int (mwait vs hlt): ");
	/* one boot a group: an interval about those boots only, no verdict (~19 % coverage) */
	assert_contains(o.out, "not judged: a group is a single boot");
	assert_true(strstr(o.out, "distinguishable from noise") == NULL);
	/* the flag counts after the "--" that splits the groups too (as it did before getopt_long) */
	char *allowed_late[] = { "compare", F "plan_a_boot1.csv", "--", F "plan_b.csv", "--allow-different-plans" };
	run_command(cmd_compare, 5, allowed_late, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "PLANS DIFFER (--allow-different-plans)");
}

/* Another machine_id is stated, not refused; a failed control is. */
static void test_other_machine_is_stated_and_failed_control_flagged(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", F "plan_a_boot1.csv", F "plan_a_boot2.csv", "--", F "aa_fail.csv" };
	run_command(cmd_compare, 5, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  machine_id differs: another machine, firmware or microcode");
	assert_contains(o.out, "verdict: a control failed in group B: do not quote this comparison\n");
}

/* A group must be one comparable set; usage errors exit 2. */
static void test_group_of_two_sets_and_usage_errors(void **state)
{
	(void)state;
	struct command_output o;
	char *mixed[] = { "compare", F "plan_a_boot1.csv", F "plan_b.csv", "--", F "plan_a_boot2.csv" };
	run_command(cmd_compare, 5, mixed, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_contains(o.err, "idlebench compare: group A is not one comparable set (2 sets):\n");
	char *no_split[] = { "compare", F "plan_a_boot1.csv", F "plan_a_boot2.csv" };
	run_command(cmd_compare, 3, no_split, NULL, &o);
	assert_int_equal(o.status, 2);
	char *empty_b[] = { "compare", F "plan_a_boot1.csv", "--" };
	run_command(cmd_compare, 3, empty_b, NULL, &o);
	assert_int_equal(o.status, 2);
	char *bad[] = { "compare", "--frobnicate", F "plan_a_boot1.csv", "--", F "plan_a_boot2.csv" };
	run_command(cmd_compare, 5, bad, NULL, &o);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench compare: unknown option '--frobnicate' (see idlebench compare --help)\n");
	char *two_splits[] = { "compare", F "plan_a_boot1.csv", "--", F "plan_a_boot2.csv", "--", F "plan_b.csv" };
	run_command(cmd_compare, 6, two_splits, NULL, &o);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench compare: more than one --: two groups, A -- B "
				   "(see idlebench compare --help)\n");
}

/* The two-boot procedure (docs/linux-mode.md): A booted with idle=nomwait
 * (hlt), B without (mwait, 10 % slower than A's hlt on the same rows), two
 * boots each, boot2 2 % slower (tests/fixtures/results/two_boots_idle.py,
 * whose figures come from the rows with Python and mpmath): compare says
 * the modes come from different boots and compares them at the boot level
 * only. A group
 * against itself (one boot id in both) gets no such statement. Fails on
 * the old compare, which printed only "no slowdowns: hlt was not measured in B". */
static void test_two_boot_procedure_hlt_against_mwait_at_the_boot_level(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", "--allow-different-plans", F "linux_nomwait_boot1.csv", F "linux_nomwait_boot2.csv",
			 "--", F "linux_default_boot1.csv", F "linux_default_boot2.csv" };
	run_command(cmd_compare, 7, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  different boots: A idle=nomwait, C1 hlt; B idle=(none), C1 mwait; no boot in both groups "
			       "(linux_boot_id)\n");
	assert_contains(o.out, "  the modes were taken on different boots: a mode one group lacks is compared at the boot level\n"
			       "  only (each boot's median cycles/iteration, ");
	assert_contains(o.out, "no\n  paired within-boot claim");
	/* two_boots_idle.py: hlt -> mwait 10.00 [3.57, 16.83], poll -> poll 0.00 [-5.85, 6.21] */
	assert_contains(o.out, "    lz hlt -> mwait              303837     334220    10.00 [3.57, 16.83] ");
	assert_contains(o.out, "    lz poll -> poll             1020779    1020779     0.00 [-5.85, 6.21] ");
	assert_contains(o.out, "    lz ioport -> ioport         2476034    2476034     0.00 [-5.85, 6.21] ");
	assert_contains(o.out, "no slowdowns: hlt was not measured in B");

	/* the plans differ only in hlt for mwait: no flag needed (the procedure's
	 * own test below) */
	char *one_each[] = { "compare", F "linux_nomwait_boot1.csv", "--", F "linux_default_boot1.csv" };
	run_command(cmd_compare, 4, one_each, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "hlt in A for mwait in B (the two-boot procedure");

	/* one boot in both groups: no claim of different boots */
	char *same[] = { "compare", F "linux_nomwait_boot1.csv", "--", F "linux_nomwait_boot1.csv" };
	run_command(cmd_compare, 4, same, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_true(strstr(o.out, "different boots") == NULL);
	/* kernel streams (no boot=linux) never get it */
	compare_mwait_shifted_by_five_percent(&o);
	assert_true(strstr(o.out, "different boots") == NULL);
}

/* The documented procedure as docs/linux-mode.md types it, without
 * --allow-different-plans: the groups differ in linux_idle_override and
 * linux_c1, their plans only in hlt for mwait, so compare takes them, says
 * why, and compares at the boot level; B against A the other way round too.
 * Fails on the old compare, which refused them ("refused: another plan
 * measures something else") and exited 1. */
static void test_two_boot_procedure_needs_no_flag_and_says_why(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", F "linux_nomwait_boot1.csv", F "linux_nomwait_boot2.csv", "--",
			 F "linux_default_boot1.csv", F "linux_default_boot2.csv" };
	run_command(cmd_compare, 6, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	assert_contains(o.out, "  the plans differ only in the mode measured, hlt in A for mwait in B (the two-boot procedure,\n"
			       "  docs/linux-mode.md): compared at the boot level, no --allow-different-plans needed\n");
	assert_null(strstr(o.out, "PLANS DIFFER"));
	assert_contains(o.out, "    lz hlt -> mwait              303837     334220    10.00 [3.57, 16.83] ");
	char *reversed[] = { "compare", F "linux_default_boot1.csv", F "linux_default_boot2.csv", "--",
			     F "linux_nomwait_boot1.csv", F "linux_nomwait_boot2.csv" };
	run_command(cmd_compare, 6, reversed, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "mwait in A for hlt in B (the two-boot procedure");
	assert_contains(o.out, "    lz mwait -> hlt ");
	/* other plans of kernel streams are still refused */
	char *other[] = { "compare", F "plan_a_boot1.csv", "--", F "plan_b.csv" };
	run_command(cmd_compare, 4, other, NULL, &o);
	assert_int_equal(o.status, 1);
	assert_contains(o.err, "refused: another plan measures something else");
}

/* A plain before/after of Linux files: the same idle= and C1, the same
 * modes, other boots (linux_nomwait_boot1 against boot2). The paired tables
 * stand, so one line says the boots differ and no boot-level block claims
 * the modes are compared "at the boot level only". Fails on the old
 * compare, which gave every such pair the two-boot block. */
/* fixture with `extra` written after its `#= order=` line, the end record's
 * CRC recomputed, in the temporary file path. */
static void write_after_order(const char *fixture, const char *extra, char *path)
{
	fixture_with_lines_after(fixture, "#= order=", extra, path);
}

/* order_scheme is hashed into plan_id: compare names it when the plans
 * differ, and the two-boot procedure is not recognised when the groups
 * also differ in it (the samples were ordered another way: not only the
 * mode measured differs). */
static void test_another_order_scheme_is_named_and_is_not_the_two_boot_procedure(void **state)
{
	(void)state;
	struct command_output o;
	char b1[] = "/tmp/idlebench-cmp-XXXXXX", b2[] = "/tmp/idlebench-cmp-XXXXXX";
	write_after_order(F "linux_default_boot1.csv", "#= order_scheme=workload-major\n", b1);
	write_after_order(F "linux_default_boot2.csv", "#= order_scheme=workload-major\n", b2);
	char *argv[] = { "compare", F "linux_nomwait_boot1.csv", F "linux_nomwait_boot2.csv", "--", b1, b2 };
	run_command(cmd_compare, 6, argv, NULL, &o);
	unlink(b1);
	unlink(b2);
	assert_int_equal(o.status, 1);
	assert_contains(o.err, "  order_scheme: A (absent), B workload-major\n");
	assert_contains(o.err, "refused: another plan measures something else");
	assert_null(strstr(o.out, "the two-boot procedure"));
}

static void test_before_after_on_other_boots_gets_one_line_not_the_block(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", F "linux_nomwait_boot1.csv", "--", F "linux_nomwait_boot2.csv" };
	run_command(cmd_compare, 4, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  A and B are different boots (no linux_boot_id in both groups)\n"
			       "  B vs A = (1 + slowdown B)");
	assert_null(strstr(o.out, "the modes were taken on different boots"));
	assert_null(strstr(o.out, "boot level"));
	/* the plan has no fp workload: no figure for fp, no fp verdict (it printed 0.00) */
	assert_contains(o.out, "no fp workload in either group\n");
	assert_null(strstr(o.out, "verdict fp"));
}

/* The two-boot block with one boot a group: neither side has a boot-level
 * interval, and the line says so of both (the old "no interval on one
 * side" said one had). */
static void test_boot_level_with_one_boot_a_group_names_both_sides(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "compare", "--allow-different-plans", F "linux_nomwait_boot1.csv", "--",
			 F "linux_default_boot1.csv" };
	run_command(cmd_compare, 5, argv, NULL, &o);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "    lz hlt -> mwait              300843     330928    10.00 n/a: no interval in either group ");
	assert_null(strstr(o.out, "on one side"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_five_percent_difference_is_found_with_its_interval),
		cmocka_unit_test(test_workload_lines_are_marked_after_holm_over_the_family),
		cmocka_unit_test(test_group_against_itself_is_not_distinguishable),
		cmocka_unit_test(test_different_plans_are_refused_with_what_differs),
		cmocka_unit_test(test_other_machine_is_stated_and_failed_control_flagged),
		cmocka_unit_test(test_group_of_two_sets_and_usage_errors),
		cmocka_unit_test(test_two_boot_procedure_hlt_against_mwait_at_the_boot_level),
		cmocka_unit_test(test_two_boot_procedure_needs_no_flag_and_says_why),
		cmocka_unit_test(test_another_order_scheme_is_named_and_is_not_the_two_boot_procedure),
		cmocka_unit_test(test_before_after_on_other_boots_gets_one_line_not_the_block),
		cmocka_unit_test(test_boot_level_with_one_boot_a_group_names_both_sides),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

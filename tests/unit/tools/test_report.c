/* `idlebench report` on hand-made result files (tests/fixtures/results/
 * generate.py states how every expected number follows from the rows): exact
 * table values, pooling, machines side by side, rejected files, runs without
 * hlt, the PNG chart and its absence. Bootstrap intervals are not
 * hand-computable; where one is asserted literally, the test also recomputes
 * it with bench/stats.c and the documented seed derivation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench/stats.h"
#include "bench/workload.h"
#include "kernel/lib/fmt.h"
#include "kernel/sibling/idle_mode.h"
#include "tests/unit/tools/fd_redirect.h"
#include "tools/commands.h"
#include "tools/report_summary.h"

#define F "tests/fixtures/results/"

static void report(struct command_output *o, int argc, char **argv)
{
	run_command(cmd_report, argc, argv, NULL, o);
}

static void assert_contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected to find\n%s\nin\n%s", needle, haystack);
}

/* "[lo, hi]" of slowdown(a vs b) as report prints it, computed here with the seed derivation it states. */
static void interval_text(char *buf, size_t size, struct stats_interval r)
{
	char lo[32], hi[32];
	fmt_fixed(lo, sizeof lo, (r.lo - 1) * 100, 2);
	fmt_fixed(hi, sizeof hi, (r.hi - 1) * 100, 2);
	snprintf(buf, size, "[%s, %s]", lo, hi);
}

static struct stats_interval ratio(const double *a, size_t na, const double *b, size_t nb, const char *workload,
				   enum idle_mode mode, double *replicates)
{
	int w = workload_find(workload);
	assert_true(w >= 0);
	return stats_ratio_of_medians(a, na, b, nb, report_group_seed(REPORT_DEFAULT_SEED, (size_t)w, mode),
				      replicates);
}

static void test_known_fixture_gives_hand_computed_medians_slowdowns_and_geomeans(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "known.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	assert_contains(o.out, "machine 1 of 1: HygonGenuine family 0x18 model 0x0, Test Board A, placement sibling\n"
			       "  cpu: Test CPU; hypervisor: none\n"
			       "  run 1: " F "known.csv (19 rows)\n"
			       "  rows: 19, of which check=bad: 1 (counted in 'bad', excluded from the statistics)\n");
	assert_contains(o.out, "  seed 1 (group seed = seed ^ (workload index << 8 | mode index)");
	/* Medians 1000/1150, eff 2500 (hlt), sibling C0 2.0 and the bad row of lz mwait counted, not used. */
	assert_contains(o.out, "  lz             hlt        3          1000.00       0.00 [-1.98, 2.02]            2500        -    0\n");
	assert_contains(o.out, "  lz             mwait      3          1150.00      15.00 [8.91, 21.21]               -      2.0    1\n");
	/* Constant samples: every replicate is 1.1, the interval collapses. */
	assert_contains(o.out, "  hash           mwait      3           550.00      10.00 [10.00, 10.00]              -        -    0\n");
	assert_contains(o.out, "  whetstone      mwait      3          2400.00      20.00 [9.52, 31.58]               -        -    0\n");
	/* int: sqrt(1.15 x 1.10) = 1.124722; fp: whetstone alone. */
	assert_contains(o.out, "  mwait   12.47 [9.45, 15.47] (2)          20.00 [9.52, 31.58] (1)\n");
	assert_contains(o.out, "  seed    12.68 (SPEC CPU2017 intrate)     19.73 (SPEC CPU2017 fprate)      "
			       "UnixBench single-core 14.53\n");

	/* The literal intervals above are bench/stats.c's with the stated seeds. */
	double lz_hlt[] = { 1000, 1010, 990 }, lz_mwait[] = { 1150, 1100, 1200 };
	double hash_hlt[] = { 500, 500, 500 }, hash_mwait[] = { 550, 550, 550 };
	double wh_hlt[] = { 2000, 2100, 1900 }, wh_mwait[] = { 2400, 2500, 2300 };
	static double rep_lz[STATS_BOOTSTRAP], rep_hash[STATS_BOOTSTRAP], rep_wh[STATS_BOOTSTRAP], scratch[STATS_BOOTSTRAP];
	char text[80];
	interval_text(text, sizeof text, ratio(lz_hlt, 3, lz_hlt, 3, "lz", IDLE_HLT, scratch));
	assert_string_equal(text, "[-1.98, 2.02]");
	interval_text(text, sizeof text, ratio(lz_mwait, 3, lz_hlt, 3, "lz", IDLE_MWAIT, rep_lz));
	assert_string_equal(text, "[8.91, 21.21]");
	interval_text(text, sizeof text, ratio(hash_mwait, 3, hash_hlt, 3, "hash", IDLE_MWAIT, rep_hash));
	assert_string_equal(text, "[10.00, 10.00]");
	interval_text(text, sizeof text, ratio(wh_mwait, 3, wh_hlt, 3, "whetstone", IDLE_MWAIT, rep_wh));
	assert_string_equal(text, "[9.52, 31.58]");
	double ratios[] = { 1.15, 1.10 };
	const double *reps[] = { rep_lz, rep_hash };
	struct stats_interval g = stats_geomean_interval(ratios, reps, 2);
	interval_text(text, sizeof text, g);
	assert_string_equal(text, "[9.45, 15.47]");
}

static void test_two_runs_of_one_machine_pool_their_samples(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "known.csv", F "known_run2.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "machine 1 of 1: ");
	assert_contains(o.out, "  run 1: " F "known.csv (19 rows)\n  run 2: " F "known_run2.csv (6 rows)\n"
			       "  rows: 25, of which check=bad: 1");
	/* n = 3 + 3 for lz in both modes; medians of the six values are unchanged. */
	assert_contains(o.out, "  lz             hlt        6          1000.00       0.00 ");
	assert_contains(o.out, "  lz             mwait      6          1150.00      15.00 ");
	assert_contains(o.out, "  hash           mwait      3           550.00      10.00 [10.00, 10.00]");
	assert_null(strstr(o.out, "machine 2"));
}

static void test_two_machines_get_one_block_each_in_argument_order(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "known.csv", F "other_machine.csv", F "known_run2.csv" };
	report(&o, 4, argv);
	assert_int_equal(o.status, 0);
	const char *a = strstr(o.out, "machine 1 of 2: HygonGenuine family 0x18 model 0x0, Test Board A, placement sibling\n");
	const char *b = strstr(o.out, "machine 2 of 2: AuthenticAMD family 0x19 model 0x1, Test Board B, placement sibling\n");
	assert_non_null(a);
	assert_non_null(b);
	assert_true(a < b);
	/* The second file of machine A still pooled into A's block. */
	const char *pooled = strstr(o.out, "  lz             hlt        6 ");
	assert_non_null(pooled);
	assert_true(pooled < b);
	assert_contains(b, "  run 1: " F "other_machine.csv (6 rows)\n");
	assert_contains(b, "  lz             spin       3           880.00      10.00 ");
	assert_contains(b, "  spin    10.00 [");
}

static void test_a_rejected_file_prints_its_reason_and_no_table(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "known.csv", F "known_flipped.csv", F "bad_check.csv", F "missing.csv" };
	report(&o, 5, argv);
	assert_int_equal(o.status, 1);
	assert_string_equal(o.out, "");
	assert_string_equal(o.err,
		F "known_flipped.csv: CRC-32 mismatch: line 34: end record says crc32=ad352430, computed 352c1386\n"
		F "bad_check.csv: data row 1: check 'maybe' is neither ok nor bad\n"
		F "missing.csv: No such file or directory\n");
}

static void test_a_run_without_hlt_gets_the_table_without_slowdowns(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", F "host_bench.csv" };
	report(&o, 2, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	/* Real `idlebench bench` rows: lz 142010.49, 438944.51, 122542.40 -> median 142010.49. */
	assert_string_equal(o.out,
		"machine 1 of 1: AuthenticAMD family 0x19 model 0x1\n"
		"  cpu: AMD EPYC; hypervisor: KVMKVMKVM\n"
		"  run 1: " F "host_bench.csv (6 rows)\n"
		"  rows: 6, of which check=bad: 0 (counted in 'bad', excluded from the statistics)\n"
		"  no hlt samples: no slowdown columns\n"
		"\n"
		"  workload       mode       n  median cyc/iter  eff MHz  sib C0%  bad\n"
		"  lz             host       3        142010.49        -        -    0\n"
		"  whetstone      host       3         29301.28        -        -    0\n");
}

static bool gnuplot_on_path(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static void test_png_is_a_real_png_when_gnuplot_exists(void **state)
{
	(void)state;
	if (!gnuplot_on_path()) {
		print_message("gnuplot not on PATH (Debian package gnuplot-nox): PNG test skipped\n");
		skip();
	}
	char png[] = "/tmp/test_report_XXXXXX.png";
	int fd = mkstemps(png, 4);
	assert_true(fd >= 0);
	close(fd);
	unlink(png);
	struct command_output o;
	char *argv[] = { "report", "--png", png, F "known.csv", F "other_machine.csv" };
	report(&o, 5, argv);
	assert_int_equal(o.status, 0);
	assert_string_equal(o.err, "");
	char chart[128];
	snprintf(chart, sizeof chart, "\nchart: %s\n", png);
	assert_contains(o.out, chart);
	size_t len = 0;
	char *data = read_whole_file(png, &len);
	assert_non_null(data);
	assert_true(len > 1000);
	assert_memory_equal(data, "\x89PNG\r\n\x1a\n", 8);
	free(data);
	unlink(png);
}

static void test_without_gnuplot_the_table_is_printed_and_exit_is_0(void **state)
{
	(void)state;
	char *saved = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	setenv("PATH", "/nonexistent-idlebench-test", 1);
	char png[] = "/tmp/test_report_nognuplot.png";
	unlink(png);
	struct command_output o;
	char *argv[] = { "report", F "known.csv", "--png", png };
	report(&o, 4, argv);
	if (saved) {
		setenv("PATH", saved, 1);
		free(saved);
	}
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  lz             mwait      3          1150.00      15.00 ");
	assert_null(strstr(o.out, "chart:"));
	assert_string_equal(o.err, "idlebench report: gnuplot not found on PATH (Debian package gnuplot-nox): no PNG written\n");
	struct stat st;
	assert_int_equal(stat(png, &st), -1);
}

static void test_png_of_runs_without_hlt_is_refused_with_exit_1(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", "--png=/tmp/test_report_nothing.png", F "host_bench.csv" };
	report(&o, 3, argv);
	assert_int_equal(o.status, 1);
	assert_contains(o.out, "  lz             host       3 ");
	assert_string_equal(o.err, "idlebench report: nothing to plot: no run has hlt samples to compare against: "
				   "no PNG written\n");
}

static void test_usage_errors_exit_2_and_help_exits_0(void **state)
{
	(void)state;
	struct command_output o;
	char *none[] = { "report" };
	report(&o, 1, none);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: no result file given (idlebench report --help)\n");
	char *unknown[] = { "report", "--pdf", F "known.csv" };
	report(&o, 3, unknown);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "idlebench report: unknown option --pdf (idlebench report --help)\n");
	char *no_png[] = { "report", F "known.csv", "--png" };
	report(&o, 3, no_png);
	assert_int_equal(o.status, 2);
	char *bad_seed[] = { "report", "--seed", "x", F "known.csv" };
	report(&o, 4, bad_seed);
	assert_int_equal(o.status, 2);
	char *help[] = { "report", "--help" };
	report(&o, 2, help);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "usage: idlebench report [--png OUT.png] [--seed N] FILE...\n");
}

/* (With 3 samples per group the per-workload percentile intervals barely depend
 * on the seed; test_report_summary shows a seed changing the geomean intervals.) */
static void test_seed_option_is_stated_and_leaves_medians_alone(void **state)
{
	(void)state;
	struct command_output o;
	char *argv[] = { "report", "--seed", "7", F "known.csv" };
	report(&o, 4, argv);
	assert_int_equal(o.status, 0);
	assert_contains(o.out, "  seed 7 (group seed");
	assert_contains(o.out, "  lz             mwait      3          1150.00      15.00 [");
	assert_contains(o.out, "  hash           mwait      3           550.00      10.00 [10.00, 10.00]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_fixture_gives_hand_computed_medians_slowdowns_and_geomeans),
		cmocka_unit_test(test_two_runs_of_one_machine_pool_their_samples),
		cmocka_unit_test(test_two_machines_get_one_block_each_in_argument_order),
		cmocka_unit_test(test_a_rejected_file_prints_its_reason_and_no_table),
		cmocka_unit_test(test_a_run_without_hlt_gets_the_table_without_slowdowns),
		cmocka_unit_test(test_png_is_a_real_png_when_gnuplot_exists),
		cmocka_unit_test(test_without_gnuplot_the_table_is_printed_and_exit_is_0),
		cmocka_unit_test(test_png_of_runs_without_hlt_is_refused_with_exit_1),
		cmocka_unit_test(test_usage_errors_exit_2_and_help_exits_0),
		cmocka_unit_test(test_seed_option_is_stated_and_leaves_medians_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

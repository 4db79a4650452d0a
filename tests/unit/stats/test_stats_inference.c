/* stats/inference.c against hand-computed cases. Expected figures come from
 * Python 3's math module (log, exp, sqrt) on the same inputs, with t
 * quantiles from mpmath (see test_stats_student_t.c): t(2) =
 * 4.3026527297494639, t(9) = 2.2621571627982055, t(11) = 2.2009851600916399. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats/inference.h"
#include "stats/student_t.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static void assert_close(double got, double want, double tol)
{
	double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;
	if (!(fabs(got - want) <= tol * scale))
		fail_msg("got %.17g, want %.17g (tolerance %.3g)", got, want, tol);
}

/* Ten blocks: hlt[r] and mode[r] = hlt[r] * exp(d[r]). */
static const double hlt10[] = { 100, 102, 98, 101, 99, 103, 97, 100, 101, 99 };
static const double d10[] = { 0.05, 0.04, 0.06, 0.055, 0.045, 0.05, 0.052, 0.048, 0.051, 0.049 };

static void make_mode(double *mode, const double *hlt, const double *d, size_t n)
{
	for (size_t i = 0; i < n; i++)
		mode[i] = hlt[i] * exp(d[i]);
}

static void test_paired_ten_blocks_hand_computed(void **state)
{
	double mode[10];
	char note[64];

	(void)state;
	make_mode(mode, hlt10, d10, 10);
	struct stats_slowdown s = stats_paired_slowdown(mode, hlt10, 10);
	assert_int_equal(s.status, STATS_INTERVAL);
	assert_int_equal(s.n, 10);
	assert_close(s.df, 9, 0);
	assert_close(s.mean_log, 0.05, 1e-14);
	assert_close(s.sd_log, 0.0053748384988655485, 1e-12);
	assert_close(s.se_log, 0.001699673171197547, 1e-12);
	assert_close(s.value_pct, 5.1271096376023895, 1e-12);
	assert_close(s.lo_pct, 4.723679563929473, 1e-11);
	assert_close(s.hi_pct, 5.532093856670306, 1e-11);
	assert_string_equal(s.method, "paired-t");
	assert_true(s.within_boot_only);
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "within this boot only");
}

/* A block missing either sample (0, negative, NaN) is left out whole. */
static void test_paired_skips_blocks_with_a_missing_sample(void **state)
{
	double hlt[13], mode[13];

	(void)state;
	memcpy(hlt, hlt10, sizeof hlt10);
	make_mode(mode, hlt10, d10, 10);
	hlt[10] = NAN, mode[10] = 100;
	hlt[11] = 100, mode[11] = 0;
	hlt[12] = -1, mode[12] = 100;
	struct stats_slowdown s = stats_paired_slowdown(mode, hlt, 13);
	assert_int_equal(s.n, 10);
	assert_close(s.value_pct, 5.1271096376023895, 1e-12);
	assert_close(s.hi_pct, 5.532093856670306, 1e-11);
}

static void test_fewer_than_min_blocks_gives_value_without_interval(void **state)
{
	double mode[10];
	char note[64], small[8];

	(void)state;
	make_mode(mode, hlt10, d10, 10);
	struct stats_slowdown s = stats_paired_slowdown(mode, hlt10, 3);
	assert_int_equal(s.status, STATS_TOO_FEW);
	assert_int_equal(s.n, 3);
	assert_true(isfinite(s.value_pct) && isfinite(s.se_log));
	assert_true(isnan(s.lo_pct) && isnan(s.hi_pct));
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "n/a: 3 blocks, need 10");
	/* The note is cut to the buffer, always terminated. */
	assert_string_equal(stats_slowdown_note(&s, small, sizeof small), "n/a: 3 ");
	assert_true(stats_slowdown_note(&s, small, 0) == small);

	s = stats_paired_slowdown(mode, hlt10, STATS_MIN_BLOCKS - 1);
	assert_int_equal(s.status, STATS_TOO_FEW);
	s = stats_paired_slowdown(mode, hlt10, 1);
	assert_int_equal(s.status, STATS_TOO_FEW);
	assert_true(isnan(s.sd_log));
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "n/a: 1 block, need 10");

	s = stats_paired_slowdown(mode, hlt10, 0);
	assert_int_equal(s.status, STATS_NO_DATA);
	assert_true(isnan(s.value_pct));
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "n/a: no complete block");
}

/* Class of two workloads over 12 reps; workload 1 lacks hlt in rep 3, so
 * rep 3 is left out for the class, leaving 11 per-rep means. */
static void test_class_averages_inside_each_complete_rep(void **state)
{
	double h0[12], h1[12], m0[12], m1[12], rep_mean[12];
	size_t n = 0;

	(void)state;
	for (size_t r = 0; r < 12; r++) {
		h0[r] = 50 + (double)r;
		h1[r] = 200 - 3 * (double)r;
		m0[r] = h0[r] * (1.02 + 0.001 * (double)(r % 5));
		m1[r] = h1[r] * (1.08 - 0.002 * (double)(r % 3));
	}
	h1[3] = 0;
	for (size_t r = 0; r < 12; r++)
		if (r != 3)
			rep_mean[n++] = (log(m0[r] / h0[r]) + log(m1[r] / h1[r])) / 2;
	double mean = 0, ss = 0;
	for (size_t i = 0; i < n; i++)
		mean += rep_mean[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (rep_mean[i] - mean) * (rep_mean[i] - mean);
	double se = sqrt(ss / (double)(n - 1) / (double)n);

	const double *mode[] = { m0, m1 }, *hlt[] = { h0, h1 };
	struct stats_slowdown s = stats_class_slowdown(mode, hlt, 2, 12);
	assert_int_equal(s.status, STATS_INTERVAL);
	assert_int_equal(s.n, 11);
	assert_string_equal(s.method, "class-paired-t");
	assert_close(s.mean_log, mean, 1e-13);
	assert_close(s.se_log, se, 1e-11);
	assert_close(s.value_pct, (exp(mean) - 1) * 100, 1e-11);
	assert_close(s.lo_pct, (exp(mean - 2.2281388519862747 * se) - 1) * 100, 1e-10);
	assert_close(s.hi_pct, (exp(mean + 2.2281388519862747 * se) - 1) * 100, 1e-10);
}

static void test_across_three_boots_hand_computed(void **state)
{
	const struct stats_boot boots[] = {
		{ 0.04, 1e-4, 10 }, { 0.05, 2e-4, 12 }, { 0.0, 0.0, 0 }, /* no estimate: skipped */
		{ 0.06, 1e-4, 11 },
	};
	char note[64];

	(void)state;
	struct stats_slowdown s = stats_across_boots(boots, ARRAY_LEN(boots));
	assert_int_equal(s.status, STATS_INTERVAL);
	assert_int_equal(s.n, 3);
	assert_close(s.df, 2, 0);
	assert_string_equal(s.method, "boots-t");
	assert_false(s.within_boot_only);
	assert_close(s.sd_log, 0.01, 1e-13);
	assert_close(s.value_pct, 5.127109637602412, 1e-12);
	assert_close(s.lo_pct, 2.5477771864085064, 1e-11);
	assert_close(s.hi_pct, 7.7713187353343205, 1e-11);
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "");
}

/* One boot: its own paired interval, labelled as covering that boot only. */
static void test_one_boot_falls_back_to_within_boot_interval(void **state)
{
	const struct stats_boot one[] = { { 0.0, 0.0, 0 }, { 0.05, 1e-4, 12 } };
	const struct stats_boot few[] = { { 0.05, 1e-4, 5 } };
	double mode[10];
	char note[64];

	(void)state;
	struct stats_slowdown s = stats_across_boots(one, 2);
	assert_int_equal(s.status, STATS_INTERVAL);
	assert_int_equal(s.n, 12);
	assert_true(s.within_boot_only);
	assert_string_equal(s.method, "paired-t");
	assert_close(s.lo_pct, 4.461281325357236, 1e-11);
	assert_close(s.hi_pct, 5.797181889188185, 1e-11);
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "within this boot only");

	s = stats_across_boots(few, 1);
	assert_int_equal(s.status, STATS_TOO_FEW);
	assert_string_equal(stats_slowdown_note(&s, note, sizeof note), "n/a: 5 blocks, need 10");

	/* Round trip: a boot's estimate through stats_boot_of is the same estimate. */
	make_mode(mode, hlt10, d10, 10);
	struct stats_slowdown p = stats_paired_slowdown(mode, hlt10, 10);
	struct stats_boot b = stats_boot_of(&p);
	s = stats_across_boots(&b, 1);
	assert_close(s.value_pct, p.value_pct, 0);
	assert_close(s.lo_pct, p.lo_pct, 1e-14);
	assert_close(s.hi_pct, p.hi_pct, 1e-14);

	s = stats_across_boots(one, 0);
	assert_int_equal(s.status, STATS_NO_DATA);
	struct stats_slowdown none = stats_paired_slowdown(mode, hlt10, 0);
	assert_int_equal(stats_boot_of(&none).blocks, 0);
}

static void test_p_value_is_two_sided_t_test_of_zero(void **state)
{
	double mode[10], twice[10], hundred[10];

	(void)state;
	make_mode(mode, hlt10, d10, 10);
	struct stats_slowdown s = stats_paired_slowdown(mode, hlt10, 10);
	assert_close(stats_slowdown_p_value(&s), stats_t_two_sided_p(s.mean_log / s.se_log, 9), 0);
	assert_true(stats_slowdown_p_value(&s) < 1e-9);

	/* Every d the same: no spread, so the test is certain either way. */
	for (size_t i = 0; i < 10; i++)
		hundred[i] = 100, twice[i] = 200;
	s = stats_paired_slowdown(twice, hundred, 10);
	assert_true(stats_slowdown_p_value(&s) == 0.0);
	s = stats_paired_slowdown(hlt10, hlt10, 10);
	assert_true(stats_slowdown_p_value(&s) == 1.0);
	s = stats_paired_slowdown(mode, hlt10, 1);
	assert_true(stats_slowdown_p_value(&s) == 1.0);
	s = stats_paired_slowdown(mode, hlt10, 0);
	assert_true(isnan(stats_slowdown_p_value(&s)));
}

/* Holm by hand: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02,
 * 0.03, 0.06, 0.04 -> monotone 0.02, 0.03, 0.06, 0.06. */
static void test_holm_hand_computed(void **state)
{
	const double p[] = { 0.01, 0.04, NAN, 0.03, 0.005 };
	double adj[5];
	bool sig[5];

	(void)state;
	assert_true(stats_holm(p, 5, adj, sig));
	assert_close(adj[0], 0.03, 1e-15);
	assert_close(adj[1], 0.06, 1e-15);
	assert_true(isnan(adj[2]));
	assert_close(adj[3], 0.06, 1e-15);
	assert_close(adj[4], 0.02, 1e-15);
	assert_true(sig[0] && !sig[1] && !sig[2] && !sig[3] && sig[4]);

	/* Capped at 1; ties keep equal adjusted values. */
	const double q[] = { 0.5, 0.5, 0.9 };
	assert_true(stats_holm(q, 3, adj, sig));
	assert_close(adj[0], 1.0, 0);
	assert_close(adj[1], 1.0, 0);
	assert_close(adj[2], 1.0, 0);

	static double many[STATS_MAX_TESTS + 1];
	static double many_adj[STATS_MAX_TESTS + 1];
	static bool many_sig[STATS_MAX_TESTS + 1];
	assert_false(stats_holm(many, STATS_MAX_TESTS + 1, many_adj, many_sig));
	assert_true(stats_holm(many, STATS_MAX_TESTS, many_adj, many_sig));

	/* Past STATS_MAX_TESTS with the caller's order array: 2000 p-values,
	 * 1e-6 x 2000 = 0.002, 2e-5 x 1999 = 0.03998, the rest 0.5 x 1998 -> 1;
	 * the same values stats_holm gives the first 5 of them in its own array. */
	static double big[2000], big_adj[2000];
	static bool big_sig[2000];
	static uint32_t order[2000];
	for (size_t i = 0; i < 2000; i++)
		big[i] = 0.5;
	big[1500] = 1e-6;
	big[7] = 2e-5;
	stats_holm_scratch(big, 2000, big_adj, big_sig, order);
	assert_close(big_adj[1500], 0.002, 1e-15);
	assert_close(big_adj[7], 0.03998, 1e-15);
	assert_close(big_adj[0], 1.0, 0);
	assert_true(big_sig[1500] && big_sig[7] && !big_sig[0] && !big_sig[1999]);
	stats_holm_scratch(p, 5, adj, sig, order);
	assert_close(adj[0], 0.03, 1e-15);
	assert_close(adj[4], 0.02, 1e-15);
	assert_true(isnan(adj[2]));
}

static void test_min_detectable_effect(void **state)
{
	(void)state;
	/* scipy: (exp((t.ppf(.975, df) + t.ppf(.8, df)) * 0.01) - 1) * 100 */
	assert_close(stats_min_detectable_pct(0.01, 1), 15.122416391653104, 1e-7);
	assert_close(stats_min_detectable_pct(0.01, 9), 3.195556630276486, 1e-7);
	assert_close(stats_min_detectable_pct(0.01, 30), 2.93838271463307, 1e-7);
	assert_close(stats_min_detectable_pct(0, 9), 0, 0);
	assert_true(isnan(stats_min_detectable_pct(0.01, 0)));
	/* the half-width on the target's scale: (exp(t.ppf(.975, 9) * 0.01) - 1) * 100 */
	assert_close(stats_half_width_pct(0.01, 9), (exp(2.2621571627409915 * 0.01) - 1) * 100, 1e-9);
}

/* Welch's difference of two estimates: A 0.10 (se 0.01, 4 df), B 0.15 (se
 * 0.02, 6 df). Python: se = sqrt(0.01^2 + 0.02^2) = 0.022360679774997897,
 * df = (va + vb)^2 / (va^2 / 4 + vb^2 / 6) = 8.571428571428571, mpmath
 * t(8.5714, 0.975) = 2.2795167935254322; expm1(0.05 -+ t se) x 100. */
static void test_difference_welch_hand_computed(void **state)
{
	struct stats_slowdown a = { .mean_log = 0.10, .se_log = 0.01, .df = 4, .n = 5, .status = STATS_INTERVAL };
	struct stats_slowdown b = { .mean_log = 0.15, .se_log = 0.02, .df = 6, .n = 7, .status = STATS_INTERVAL };

	(void)state;
	struct stats_difference d = stats_difference_of(&a, &b);
	assert_int_equal(d.status, STATS_INTERVAL);
	assert_false(d.within_boot_only);
	assert_close(d.diff_log, 0.05, 1e-15);
	assert_close(d.se_log, 0.022360679774997897, 1e-14);
	assert_close(d.df, 8.571428571428571, 1e-13);
	assert_close(d.value_pct, 5.127109637602403, 1e-12);
	assert_close(d.lo_pct, -0.09710732646517742, 1e-9);
	assert_close(d.hi_pct, 10.624516317775987, 1e-9);
	assert_false(stats_difference_distinguishable(&d)); /* the interval just covers 0 */
	b.se_log = 0.015;
	d = stats_difference_of(&a, &b);
	assert_true(d.lo_pct > 0);
	assert_true(stats_difference_distinguishable(&d));
	/* reversed groups: the same interval mirrored on the log scale */
	struct stats_difference r = stats_difference_of(&b, &a);
	assert_close(log1p(r.lo_pct / 100), -log1p(d.hi_pct / 100), 1e-12);
	assert_true(stats_difference_distinguishable(&r));
}

/* Without an interval on either side there is no interval for the
 * difference (a value only), and a one-boot side is flagged. */
static void test_difference_needs_both_intervals(void **state)
{
	struct stats_slowdown a = { .mean_log = 0.10, .se_log = 0.01, .df = 4, .n = 5, .status = STATS_INTERVAL };
	struct stats_slowdown b = { .mean_log = 0.20, .n = 3, .status = STATS_TOO_FEW, .within_boot_only = true };
	struct stats_slowdown none = { .mean_log = NAN, .status = STATS_NO_DATA };

	(void)state;
	struct stats_difference d = stats_difference_of(&a, &b);
	assert_int_equal(d.status, STATS_TOO_FEW);
	assert_true(d.within_boot_only);
	assert_close(d.value_pct, expm1(0.10) * 100, 1e-12);
	assert_true(isnan(d.lo_pct));
	assert_false(stats_difference_distinguishable(&d));
	d = stats_difference_of(&none, &a);
	assert_int_equal(d.status, STATS_NO_DATA);
	assert_true(isnan(d.value_pct));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paired_ten_blocks_hand_computed),
		cmocka_unit_test(test_difference_welch_hand_computed),
		cmocka_unit_test(test_difference_needs_both_intervals),
		cmocka_unit_test(test_paired_skips_blocks_with_a_missing_sample),
		cmocka_unit_test(test_fewer_than_min_blocks_gives_value_without_interval),
		cmocka_unit_test(test_class_averages_inside_each_complete_rep),
		cmocka_unit_test(test_across_three_boots_hand_computed),
		cmocka_unit_test(test_one_boot_falls_back_to_within_boot_interval),
		cmocka_unit_test(test_p_value_is_two_sided_t_test_of_zero),
		cmocka_unit_test(test_holm_hand_computed),
		cmocka_unit_test(test_min_detectable_effect),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

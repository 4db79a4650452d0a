/* stats/student_t.c against reference values computed with mpmath 1.3 at 40
 * digits (quantiles by findroot on 0.5 * betainc(df/2, 1/2, 0, df/(df+t^2),
 * regularized=True); incomplete beta by betainc(regularized=True)), and
 * against the host libm's lgamma. The requirement is 1e-6 relative for
 * t(df, 0.975), df 1 .. 10000; the code does far better, and the tolerances
 * below say how much better. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stats/student_t.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static void assert_relative(const char *what, double x, double df, double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol * fabs(want)))
		fail_msg("%s(%g, df %g) = %.17g, want %.17g (relative error %.3g > %.3g)", what, x, df, got, want,
			 fabs(got - want) / fabs(want), tol);
}

static void test_t975_matches_reference_df_1_to_10000(void **state)
{
	static const struct {
		double df, t;
	} ref[] = {
		{ 1, 12.706204736174705 },   { 2, 4.3026527297494639 },   { 3, 3.1824463052837096 },
		{ 4, 2.7764451051977944 },   { 5, 2.5705818356363155 },   { 7, 2.3646242515927853 },
		{ 9, 2.2621571627982055 },   { 10, 2.2281388519862747 },  { 15, 2.1314495455597757 },
		{ 19, 2.0930240544083098 },  { 29, 2.0452296421327043 },  { 30, 2.0422724563012383 },
		{ 49, 2.0095752371292397 },  { 99, 1.9842169515864175 },  { 100, 1.9839715185235523 },
		{ 500, 1.9647198374673678 }, { 1000, 1.9623390808264085 }, { 5000, 1.9604385517065079 },
		{ 10000, 1.9602012398906263 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ref); i++)
		assert_relative("t975", 0.975, ref[i].df, stats_t_975(ref[i].df), ref[i].t, 1e-12);
}

/* Published t(0.975) values, to the digits the tables print them. */
static void test_t975_quoted_values(void **state)
{
	(void)state;
	assert_true(fabs(stats_t_975(1) - 12.7062047) < 5e-8);
	assert_true(fabs(stats_t_975(2) - 4.30265273) < 5e-9);
	assert_true(fabs(stats_t_975(9) - 2.26215716) < 5e-9);
	assert_true(fabs(stats_t_975(29) - 2.04522964) < 5e-9);
	assert_true(fabs(stats_t_975(1000) - 1.96233908) < 5e-9);
}

/* Every integer df up to 10000 (sampled): the quantile inverts the CDF, falls
 * with df and stays above the normal quantile 1.959963984540054. */
static void test_t975_inverts_cdf_and_falls_towards_normal(void **state)
{
	double previous = INFINITY;

	(void)state;
	for (double df = 1; df <= 10000; df += df < 100 ? 1 : 97) {
		double t = stats_t_975(df);
		/* The tail 0.025 to 1e-10 relative (cancellation in log Gamma of df/2 sets the limit). */
		assert_relative("tail(t975)", t, df, 1 - stats_t_cdf(t, df), 0.025, 1e-10);
		if (!(t < previous && t > 1.959963984540054))
			fail_msg("t975(df %g) = %.17g after %.17g", df, t, previous);
		previous = t;
	}
}

static void test_quantile_other_levels_and_fractional_df(void **state)
{
	static const struct {
		double p, df, t;
	} ref[] = {
		{ 0.995, 5, 4.0321429835552281 },   { 0.9, 3, 1.6377443536962101 },
		{ 0.6, 12, 0.25903274567688706 },   { 0.025, 8, -2.3060041352041667 },
		{ 0.999, 1, 318.30883898555045 },   { 0.95, 2.5, 2.5582186141359366 },
		{ 0.975, 4.7, 2.6207260753531704 }, { 0.9995, 60, 3.460200469196356 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ref); i++)
		assert_relative("quantile", ref[i].p, ref[i].df, stats_t_quantile(ref[i].p, ref[i].df), ref[i].t, 1e-11);
	assert_true(stats_t_quantile(0.5, 7) == 0.0);
	assert_true(stats_t_quantile(0.3, 7) == -stats_t_quantile(0.7, 7));
}

static void test_cdf_matches_reference(void **state)
{
	static const struct {
		double t, df, p;
	} ref[] = {
		{ 1.0, 1, 0.75 },
		{ 2.0, 5, 0.94903026058507082 },
		{ -1.5, 10, 0.08225366322272009 },
		{ 3.0, 29, 0.9972504039330483 },
		{ 0.3, 2, 0.60375716957991119 },
		{ 10, 3, 0.99893580047079292 },
		{ -4, 100, 6.0761822150380839e-5 },
		{ 2.1, 10000, 0.98212308607189463 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ref); i++)
		assert_relative("cdf", ref[i].t, ref[i].df, stats_t_cdf(ref[i].t, ref[i].df), ref[i].p, 1e-12);
	assert_true(stats_t_cdf(0, 3) == 0.5);
}

/* Small p-values keep their relative precision (Holm multiplies them). */
static void test_two_sided_p_small_values(void **state)
{
	static const struct {
		double t, df, p;
	} ref[] = {
		{ 8.0, 9, 2.2134816809400154e-5 },
		{ 20.0, 20, 1.0799864534210477e-14 },
		{ 50.0, 10, 2.47431032930268e-13 },
		{ 6.0, 1000, 2.7553691733774691e-9 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ref); i++) {
		assert_relative("p", ref[i].t, ref[i].df, stats_t_two_sided_p(ref[i].t, ref[i].df), ref[i].p, 1e-10);
		assert_relative("p", -ref[i].t, ref[i].df, stats_t_two_sided_p(-ref[i].t, ref[i].df), ref[i].p, 1e-10);
	}
	assert_true(stats_t_two_sided_p(0, 5) == 1.0);
}

static void test_incomplete_beta_matches_reference(void **state)
{
	static const struct {
		double x, a, b, want;
	} ref[] = {
		{ 0.3, 2, 3, 0.34829999999999998 },
		{ 0.9, 0.5, 0.5, 0.79516723530086657 },
		{ 0.01, 5, 0.5, 2.4712578086395446e-11 },
		{ 0.999, 5000, 0.5, 0.0015615791602892833 },
		{ 0.5, 10, 10, 0.5 },
		{ 0.2, 0.7, 4.5, 0.75321592996068385 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(ref); i++)
		assert_relative("I_x", ref[i].x, ref[i].a, stats_incomplete_beta(ref[i].x, ref[i].a, ref[i].b),
				ref[i].want, 2e-11);
	assert_true(stats_incomplete_beta(0, 2, 3) == 0.0);
	assert_true(stats_incomplete_beta(1, 2, 3) == 1.0);
}

static void test_log_gamma_matches_libm(void **state)
{
	(void)state;
	for (double x = 0.05; x < 1e5; x *= 1.13) {
		double want = lgamma(x);
		/* Absolute near the zeros at 1 and 2, relative elsewhere. */
		double scale = fabs(want) > 1 ? fabs(want) : 1;
		if (!(fabs(stats_log_gamma(x) - want) <= 1e-14 * scale))
			fail_msg("log_gamma(%.17g) = %.17g, libm %.17g", x, stats_log_gamma(x), want);
	}
}

static void test_bad_arguments_give_nan(void **state)
{
	(void)state;
	assert_true(isnan(stats_t_quantile(0, 5)));
	assert_true(isnan(stats_t_quantile(1, 5)));
	assert_true(isnan(stats_t_quantile(0.975, 0)));
	assert_true(isnan(stats_t_cdf(1, -1)));
	assert_true(isnan(stats_t_cdf(NAN, 3)));
	assert_true(isnan(stats_incomplete_beta(1.5, 1, 1)));
	assert_true(isnan(stats_log_gamma(0)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t975_matches_reference_df_1_to_10000),
		cmocka_unit_test(test_t975_quoted_values),
		cmocka_unit_test(test_t975_inverts_cdf_and_falls_towards_normal),
		cmocka_unit_test(test_quantile_other_levels_and_fractional_df),
		cmocka_unit_test(test_cdf_matches_reference),
		cmocka_unit_test(test_two_sided_p_small_values),
		cmocka_unit_test(test_incomplete_beta_matches_reference),
		cmocka_unit_test(test_log_gamma_matches_libm),
		cmocka_unit_test(test_bad_arguments_give_nan),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

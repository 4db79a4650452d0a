/* The FP workloads' own elementary functions (lib/fpmath.c) against the
 * host's libm: close enough that the workloads compute what they claim. Bit
 * equality with libm is not the point (the kernel has no libm); bit equality
 * between builds is covered by the checksum table. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/fpmath.h"

/* Error relative to max(|want|, floor): absolute near zero, relative elsewhere. */
static void check(const char *fn, double x, double got, double want, double floor, double tol)
{
	double scale = fabs(want) > floor ? fabs(want) : floor;
	if (!(fabs(got - want) <= tol * scale))
		fail_msg("%s(%.17g) = %.17g, libm %.17g (error %.3g, tolerance %.3g)", fn, x, got, want,
		         fabs(got - want) / scale, tol);
}

static void test_sqrt_is_correctly_rounded(void **state)
{
	(void)state;
	for (double x = 0.0; x < 1e6; x = x * 1.37 + 0.013)
		assert_true(bench_sqrt(x) == sqrt(x));
	assert_true(bench_sqrt(2.0) == 1.4142135623730951);
}

static void test_exp_matches_libm(void **state)
{
	(void)state;
	for (double x = -700.0; x <= 700.0; x += 0.731)
		check("exp", x, bench_exp(x), exp(x), 0.0, 4e-16);
	check("exp", 0.0, bench_exp(0.0), 1.0, 0.0, 0.0);
	assert_true(bench_exp(1000.0) == bench_exp(709.0)); /* clamped, finite */
	assert_true(isfinite(bench_exp(1000.0)));
	assert_true(bench_exp(-1000.0) > 0.0);
}

static void test_log_matches_libm(void **state)
{
	(void)state;
	for (double x = 1e-300; x < 1e300; x *= 1.917)
		check("log", x, bench_log(x), log(x), 1.0, 1e-15);
	for (double x = 0.5; x < 2.0; x += 0.00731)
		check("log", x, bench_log(x), log(x), 1e-3, 1e-15);
	assert_true(bench_log(1.0) == 0.0);
	assert_true(bench_log(0.0) == -1e308);
	assert_true(bench_log(-1.0) == -1e308);
}

static void test_sin_cos_match_libm(void **state)
{
	(void)state;
	for (double x = -1000.0; x <= 1000.0; x += 0.0917) {
		check("sin", x, bench_sin(x), sin(x), 1.0, 4e-16 * (1.0 + fabs(x)));
		check("cos", x, bench_cos(x), cos(x), 1.0, 4e-16 * (1.0 + fabs(x)));
	}
	for (double x = -1.0; x <= 1.0; x += 0.001) {
		check("sin", x, bench_sin(x), sin(x), 1e-3, 4e-16);
		check("cos", x, bench_cos(x), cos(x), 1e-3, 4e-16);
	}
	assert_true(bench_sin(0.0) == 0.0);
	assert_true(bench_cos(0.0) == 1.0);
}

static void test_atan_matches_libm(void **state)
{
	(void)state;
	for (double x = -1e6; x <= 1e6; x = x < 0 ? x / 1.3 + 0.0 : x * 1.3 + 1e-9) {
		check("atan", x, bench_atan(x), atan(x), 1e-3, 4e-16);
		if (x < 0 && x > -1e-9)
			x = 0.0;
	}
	for (double x = -3.0; x <= 3.0; x += 0.00917)
		check("atan", x, bench_atan(x), atan(x), 1e-3, 4e-16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sqrt_is_correctly_rounded),
		cmocka_unit_test(test_exp_matches_libm),
		cmocka_unit_test(test_log_matches_libm),
		cmocka_unit_test(test_sin_cos_match_libm),
		cmocka_unit_test(test_atan_matches_libm),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

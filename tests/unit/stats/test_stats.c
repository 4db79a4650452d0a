/* stats/stats.c against hand-computed cases. Expected values are literals
 * worked out by hand or with Python 3's `statistics` module (median,
 * quantiles(method='inclusive'), which is Hyndman & Fan type 7 = R's default
 * and numpy.percentile(method='linear'); numpy itself was not available) and
 * math.exp/math.log for geometric means. qsort is the oracle for sorting. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/rng.h"
#include "stats/stats.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* |got - want| <= tol * max(|want|, 1): relative, absolute near zero. */
static void assert_close(double got, double want, double tol)
{
	double scale = fabs(want) > 1.0 ? fabs(want) : 1.0;
	if (!(fabs(got - want) <= tol * scale))
		fail_msg("got %.17g, want %.17g (tolerance %.3g)", got, want, tol);
}

static void assert_interval_zero(struct stats_interval iv)
{
	assert_true(iv.value == 0.0);
	assert_true(iv.lo == 0.0);
	assert_true(iv.hi == 0.0);
}

static int compare_doubles(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* The test's own generator (a 64-bit LCG, Knuth MMIX constants), so the sort
 * oracle does not share code with bench/common.h. */
static double lcg_value(uint64_t *state)
{
	*state = *state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
	return (double)(*state >> 40) / 16777216.0 * 1000.0 - 500.0;
}

/* stats_sort(v, n) equals qsort on a copy, and leaves v[n] (a guard) alone. */
static void check_sort_against_qsort(double *v, size_t n)
{
	double want[1001];
	const double guard = -12345.0;

	assert_true(n < ARRAY_LEN(want));
	memcpy(want, v, n * sizeof *v);
	qsort(want, n, sizeof want[0], compare_doubles);
	v[n] = guard;
	stats_sort(v, n);
	for (size_t i = 0; i < n; i++)
		if (v[i] != want[i])
			fail_msg("n=%zu: v[%zu] = %.17g, qsort %.17g", n, i, v[i], want[i]);
	assert_true(v[n] == guard);
}

/* ---- sorting ---------------------------------------------------------- */

static void test_sort_random_values_match_qsort(void **state)
{
	double v[1001];
	uint64_t s = 42;

	(void)state;
	for (size_t i = 0; i < 37; i++)
		v[i] = lcg_value(&s);
	check_sort_against_qsort(v, 37);
}

static void test_sort_reversed_input(void **state)
{
	double v[11];

	(void)state;
	for (size_t i = 0; i < 10; i++)
		v[i] = 10.0 - (double)i;
	stats_sort(v, 10);
	for (size_t i = 0; i < 10; i++)
		assert_true(v[i] == (double)(i + 1));
}

static void test_sort_keeps_duplicates(void **state)
{
	double v[] = { 3, 1, 3, 2, 1, 3, -0.5, 2, 1 };
	const double want[] = { -0.5, 1, 1, 1, 2, 2, 3, 3, 3 };

	(void)state;
	stats_sort(v, ARRAY_LEN(v));
	for (size_t i = 0; i < ARRAY_LEN(v); i++)
		assert_true(v[i] == want[i]);
}

static void test_sort_zero_and_one_elements_touch_nothing_else(void **state)
{
	double v[] = { 9.0, 4.0, 1.0 };

	(void)state;
	stats_sort(v, 0);
	assert_true(v[0] == 9.0 && v[1] == 4.0 && v[2] == 1.0);
	stats_sort(v, 1);
	assert_true(v[0] == 9.0 && v[1] == 4.0 && v[2] == 1.0);
}

/* 256 is STATS_MAX_SAMPLES; 1000 is STATS_BOOTSTRAP, which interval_of sorts
 * and which is past the largest Ciura gap (701). */
static void test_sort_full_group_and_bootstrap_sizes(void **state)
{
	double v[1001];
	uint64_t s = 7;

	(void)state;
	for (size_t i = 0; i < STATS_MAX_SAMPLES; i++)
		v[i] = lcg_value(&s);
	check_sort_against_qsort(v, STATS_MAX_SAMPLES);
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++)
		v[i] = (double)((i * 617) % 211); /* many duplicates */
	check_sort_against_qsort(v, STATS_BOOTSTRAP);
}

/* ---- median, MAD, min ------------------------------------------------- */

static void test_median_odd_even_and_single(void **state)
{
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double one[] = { 7.25 };
	const double sorted_even[] = { 1, 2, 10, 20 };

	(void)state;
	assert_true(stats_median(odd, 3) == 3.0);
	assert_true(stats_median(even, 4) == 2.5);
	assert_true(stats_median(one, 1) == 7.25);
	assert_true(stats_median_sorted(sorted_even, 4) == 6.0);
	assert_true(stats_median_sorted(sorted_even, 0) == 0.0);
	assert_true(stats_median(odd, 0) == 0.0);
}

static void test_median_leaves_input_unchanged(void **state)
{
	double v[] = { 5, 1, 4, 2, 3 };
	const double copy[] = { 5, 1, 4, 2, 3 };

	(void)state;
	assert_true(stats_median(v, 5) == 3.0);
	assert_memory_equal(v, copy, sizeof v);
}

/* Python: statistics.median([((i*97)%256)*0.25 + i%7 for i in range(256)]) =
 * 34.75, and the median of |x - 34.75| over the same data = 16.375. */
static void test_median_and_mad_of_full_group(void **state)
{
	double v[STATS_MAX_SAMPLES];

	(void)state;
	for (size_t i = 0; i < STATS_MAX_SAMPLES; i++)
		v[i] = (double)((i * 97) % 256) * 0.25 + (double)(i % 7);
	assert_true(stats_median(v, STATS_MAX_SAMPLES) == 34.75);
	assert_true(stats_mad(v, STATS_MAX_SAMPLES) == 16.375);
}

static void test_mad_hand_computed(void **state)
{
	/* median 2; |deviations| 1 1 0 0 2 4 7 -> sorted 0 0 1 1 2 4 7 -> 1. */
	double odd[] = { 1, 1, 2, 2, 4, 6, 9 };
	const double odd_copy[] = { 1, 1, 2, 2, 4, 6, 9 };
	/* median 3.5; deviations 2.5 1.5 .5 .5 96.5 196.5 -> (1.5 + 2.5) / 2 = 2. */
	const double even[] = { 1, 2, 3, 4, 100, 200 };
	const double flat[] = { 4, 4, 4, 4 };
	/* Unsorted order must not matter: median 10, deviations 0 1 1 5 90 -> 1. */
	const double shuffled[] = { 100, 9, 10, 5, 11 };

	(void)state;
	assert_true(stats_mad(odd, ARRAY_LEN(odd)) == 1.0);
	assert_memory_equal(odd, odd_copy, sizeof odd);
	assert_true(stats_mad(even, ARRAY_LEN(even)) == 2.0);
	assert_true(stats_mad(flat, ARRAY_LEN(flat)) == 0.0);
	assert_true(stats_mad(shuffled, ARRAY_LEN(shuffled)) == 1.0);
}

static void test_min(void **state)
{
	const double v[] = { 3, -1, 2, 8 };
	const double last[] = { 3, 2, 1, 0.5 };
	const double one[] = { -4.5 };

	(void)state;
	assert_true(stats_min(v, 4) == -1.0);
	assert_true(stats_min(last, 4) == 0.5);
	assert_true(stats_min(v, 1) == 3.0);
	assert_true(stats_min(one, 1) == -4.5);
	assert_true(stats_min(v, 0) == 0.0);
}

/* ---- quantiles -------------------------------------------------------- */

/* Type 7: h = (n - 1) q, s[floor h] + frac(h) (s[floor h + 1] - s[floor h]).
 * Cross-checked with Python statistics.quantiles(s, n=40/4/10,
 * method='inclusive') for q = 0.025, 0.975, 0.25, 0.5, 0.75, 0.1, 0.9. */
static void test_quantile_type7_matches_reference(void **state)
{
	static const double s10[] = { 1, 2, 4, 7, 11, 16, 22, 29, 37, 46 };
	static const double s7[] = { 0.5, 1.25, 3, 3, 8, 13.5, 21 };
	static const struct {
		double q, want10, want7;
	} cases[] = {
		{ 0.0, 1.0, 0.5 },	    { 1.0, 46.0, 21.0 },    { 0.025, 1.225, 0.6125 },
		{ 0.975, 43.975, 19.875 }, { 0.25, 4.75, 2.125 },   { 0.5, 13.5, 3.0 },
		{ 0.75, 27.25, 10.75 },	    { 0.1, 1.9, 0.95 },	    { 0.9, 37.9, 16.5 },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		assert_close(stats_quantile_sorted(s10, ARRAY_LEN(s10), cases[i].q), cases[i].want10, 1e-12);
		assert_close(stats_quantile_sorted(s7, ARRAY_LEN(s7), cases[i].q), cases[i].want7, 1e-12);
	}
	/* The ends are the extreme values exactly, not interpolated. */
	assert_true(stats_quantile_sorted(s10, ARRAY_LEN(s10), 0.0) == 1.0);
	assert_true(stats_quantile_sorted(s10, ARRAY_LEN(s10), 1.0) == 46.0);
}

static void test_quantile_of_one_and_two_values(void **state)
{
	const double one[] = { 5.0 };
	const double two[] = { 10.0, 20.0 };

	(void)state;
	assert_true(stats_quantile_sorted(one, 1, 0.0) == 5.0);
	assert_true(stats_quantile_sorted(one, 1, 0.5) == 5.0);
	assert_true(stats_quantile_sorted(one, 1, 0.975) == 5.0);
	assert_true(stats_quantile_sorted(one, 1, 1.0) == 5.0);
	assert_close(stats_quantile_sorted(two, 2, 0.025), 10.25, 1e-12);
	assert_close(stats_quantile_sorted(two, 2, 0.5), 15.0, 1e-12);
	assert_close(stats_quantile_sorted(two, 2, 0.975), 19.75, 1e-12);
}

/* ---- ratio of medians ------------------------------------------------- */

/* replicates has one guard slot past STATS_BOOTSTRAP. */
static double replicates[STATS_BOOTSTRAP + 1], other[STATS_BOOTSTRAP + 1];

static void fill(double *v, size_t n, double x)
{
	for (size_t i = 0; i < n; i++)
		v[i] = x;
}

/* 120/100 = 1.2 exactly (IEEE division is correctly rounded). The replicate
 * median of three draws from {110,120,130} is 110 or 130 with probability
 * 7/27 each, so the 2.5 % and 97.5 % quantiles of 1000 replicates are 1.1 and
 * 1.3 for any seed (the chance of fewer than 26 of either is ~1e-80). */
static void test_ratio_point_value_and_interval_hand_computed(void **state)
{
	const double a[] = { 110, 120, 130 };
	const double b[] = { 100, 100, 100 };
	const double a4[] = { 112, 100, 108, 104 };
	const double b2[] = { 100, 100 };

	(void)state;
	struct stats_interval iv = stats_ratio_of_medians(a, 3, b, 3, 1, replicates);
	assert_true(iv.value == 1.2);
	assert_true(iv.lo == 1.1);
	assert_true(iv.hi == 1.3);

	iv = stats_ratio_of_medians(a4, 4, b2, 2, 1, replicates);
	assert_true(iv.value == 106.0 / 100.0);
	assert_true(iv.lo <= iv.value && iv.value <= iv.hi);
}

/* Deterministic, evenly spread samples: lo..hi in n equal steps. */
static void spread(double *v, size_t n, double lo, double hi)
{
	for (size_t i = 0; i < n; i++)
		v[i] = lo + (hi - lo) * (double)i / (double)(n - 1);
}

/* lo and hi are the type-7 2.5 % and 97.5 % quantiles of the replicates. */
static void check_interval_is_replicate_quantiles(struct stats_interval iv, const double *rep)
{
	double sorted[STATS_BOOTSTRAP];

	memcpy(sorted, rep, sizeof sorted);
	qsort(sorted, STATS_BOOTSTRAP, sizeof sorted[0], compare_doubles);
	/* h = 999 * 0.025 = 24.975 and 999 * 0.975 = 974.025. */
	assert_close(iv.lo, sorted[24] + 0.975 * (sorted[25] - sorted[24]), 1e-12);
	assert_close(iv.hi, sorted[974] + 0.025 * (sorted[975] - sorted[974]), 1e-12);
}

static void test_ratio_interval_contains_point_and_is_replicate_quantiles(void **state)
{
	double a[31], b[27];

	(void)state;
	spread(a, ARRAY_LEN(a), 95, 125);
	spread(b, ARRAY_LEN(b), 90, 110);
	struct stats_interval iv = stats_ratio_of_medians(a, ARRAY_LEN(a), b, ARRAY_LEN(b), 99, replicates);
	assert_true(iv.value == 110.0 / 100.0);
	assert_true(iv.lo <= iv.value);
	assert_true(iv.value <= iv.hi);
	assert_true(iv.lo < iv.hi);
	check_interval_is_replicate_quantiles(iv, replicates);
}

/* Every replicate is written, none past the end, and each is a ratio of two
 * resampled medians, so it lies in [min a / max b, max a / min b]. */
static void test_ratio_fills_exactly_stats_bootstrap_replicates(void **state)
{
	double a[20], b[15];
	const double guard = -777.0;

	(void)state;
	spread(a, ARRAY_LEN(a), 50, 70);
	spread(b, ARRAY_LEN(b), 40, 60);
	fill(replicates, STATS_BOOTSTRAP, NAN);
	replicates[STATS_BOOTSTRAP] = guard;
	stats_ratio_of_medians(a, ARRAY_LEN(a), b, ARRAY_LEN(b), 3, replicates);
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++)
		if (!(replicates[i] >= 50.0 / 60.0 && replicates[i] <= 70.0 / 40.0))
			fail_msg("replicate %zu = %.17g", i, replicates[i]);
	assert_true(replicates[STATS_BOOTSTRAP] == guard);
}

/* Each replicate resamples both groups, each over all of its own samples:
 * with one group constant, the other one's spread alone must move the
 * replicates, and every replicate is 100 / (one of b's values) since the
 * median of an odd resample is one of the samples. */
static void test_ratio_replicates_resample_both_groups_fully(void **state)
{
	const double one[] = { 100.0 };
	double b[9], seen[9] = { 0 };

	(void)state;
	spread(b, 9, 80, 120); /* 80, 85, ..., 120 */
	struct stats_interval iv = stats_ratio_of_medians(one, 1, b, 9, 21, replicates);
	assert_true(iv.value == 1.0);
	assert_true(iv.lo < iv.value && iv.value < iv.hi);
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++) {
		size_t j = 0;
		while (j < 9 && replicates[i] != 100.0 / b[j])
			j++;
		if (j == 9)
			fail_msg("replicate %zu = %.17g is not 100 / a sample of b", i, replicates[i]);
		seen[j] = 1;
	}
	/* A resample's median is b's smallest (largest) value with probability
	 * 1.4e-3, the next ones 2.9e-2 and up, so in 1000 replicates the middle
	 * seven each appear except with probability < 2e-13, for any seed. */
	for (size_t j = 1; j < 8; j++)
		assert_true(seen[j] == 1);

	iv = stats_ratio_of_medians(b, 9, one, 1, 21, replicates);
	assert_true(iv.value == 1.0);
	assert_true(iv.lo < iv.value && iv.value < iv.hi);
}

static void test_ratio_interval_collapses_when_samples_are_equal(void **state)
{
	double a[9], b[13];

	(void)state;
	fill(a, ARRAY_LEN(a), 5.0);
	fill(b, ARRAY_LEN(b), 4.0);
	struct stats_interval iv = stats_ratio_of_medians(a, ARRAY_LEN(a), b, ARRAY_LEN(b), 12345, replicates);
	assert_true(iv.value == 1.25);
	assert_true(iv.lo == 1.25);
	assert_true(iv.hi == 1.25);
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++)
		assert_true(replicates[i] == 1.25);
}

static void test_ratio_same_seed_same_replicates_other_seed_differs(void **state)
{
	double a[25], b[25];

	(void)state;
	spread(a, ARRAY_LEN(a), 80, 120);
	spread(b, ARRAY_LEN(b), 70, 130);
	struct stats_interval x = stats_ratio_of_medians(a, 25, b, 25, 0x1234, replicates);
	struct stats_interval y = stats_ratio_of_medians(a, 25, b, 25, 0x1234, other);
	assert_memory_equal(replicates, other, STATS_BOOTSTRAP * sizeof replicates[0]);
	assert_true(x.value == y.value && x.lo == y.lo && x.hi == y.hi);

	stats_ratio_of_medians(a, 25, b, 25, 0x1235, other);
	size_t differ = 0;
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++)
		differ += replicates[i] != other[i];
	/* Not merely one: the whole replicate sequence is different. */
	assert_true(differ > STATS_BOOTSTRAP / 2);
}

/* The replicates are what the definition says, bit for bit: each one draws
 * na indices into a, then nb into b, from rng_init(seed, 0xB007) with
 * rng_below, and divides the medians of the two resamples, here found
 * by sorting each resample with qsort. Unsorted inputs with ties, odd and
 * even sizes, up to a full group. */
static double sorted_resample_median(const double *v, size_t n, struct rng *r)
{
	double tmp[STATS_MAX_SAMPLES];

	for (size_t i = 0; i < n; i++)
		tmp[i] = v[rng_below(r, (uint32_t)n)];
	qsort(tmp, n, sizeof tmp[0], compare_doubles);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

static void test_ratio_replicates_equal_sorted_resamples_bit_for_bit(void **state)
{
	static const size_t sizes[][2] = { { 1, 1 }, { 2, 3 }, { 7, 8 }, { 20, 20 }, { 33, 64 }, { 255, 256 } };
	double a[STATS_MAX_SAMPLES], b[STATS_MAX_SAMPLES];
	uint64_t s = 5;

	(void)state;
	for (size_t t = 0; t < ARRAY_LEN(sizes); t++) {
		size_t na = sizes[t][0], nb = sizes[t][1];
		for (size_t i = 0; i < na; i++)
			a[i] = floor(lcg_value(&s) / 50.0) + 600.0; /* 20 distinct values: many ties */
		for (size_t i = 0; i < nb; i++)
			b[i] = lcg_value(&s) + 700.0;
		uint64_t seed = 0x5EED + t;
		stats_ratio_of_medians(a, na, b, nb, seed, replicates);
		struct rng r = rng_init(seed, 0xB007);
		for (size_t i = 0; i < STATS_BOOTSTRAP; i++) {
			double ra = sorted_resample_median(a, na, &r);
			double want = ra / sorted_resample_median(b, nb, &r);
			if (replicates[i] != want)
				fail_msg("na=%zu nb=%zu replicate %zu = %.17g, sorted resamples give %.17g", na, nb, i,
					 replicates[i], want);
		}
	}
}

/* Same spread (a on 90..110, b on 95..105), more samples: narrower interval,
 * roughly as 1/sqrt(n). Checked for several seeds so the result does not hang
 * on one lucky stream; each step grows n about 5x, i.e. the width should
 * shrink about 2.2x, and the test asks for only 1.5x. */
static void test_ratio_interval_narrows_as_n_grows(void **state)
{
	static const size_t sizes[] = { 9, 49, 225 };
	double a[STATS_MAX_SAMPLES], b[STATS_MAX_SAMPLES];

	(void)state;
	for (uint64_t seed = 1; seed <= 5; seed++) {
		double previous = INFINITY;
		for (size_t i = 0; i < ARRAY_LEN(sizes); i++) {
			size_t n = sizes[i];
			spread(a, n, 90, 110);
			spread(b, n, 95, 105);
			struct stats_interval iv = stats_ratio_of_medians(a, n, b, n, seed, replicates);
			double width = iv.hi - iv.lo;
			assert_true(iv.value == 1.0);
			assert_true(width > 0.0);
			if (!(width * 1.5 < previous))
				fail_msg("seed %llu, n=%zu: width %.6g not 1.5x below %.6g",
				         (unsigned long long)seed, n, width, previous);
			previous = width;
		}
	}
}

static void test_ratio_degenerate_inputs_return_zeros(void **state)
{
	double big[STATS_MAX_SAMPLES + 1];
	const double a[] = { 1, 2, 3 };
	const double zero_median[] = { 0, 0, 1 };

	(void)state;
	fill(big, ARRAY_LEN(big), 1.0);
	assert_interval_zero(stats_ratio_of_medians(a, 0, a, 3, 1, replicates));
	assert_interval_zero(stats_ratio_of_medians(a, 3, a, 0, 1, replicates));
	assert_interval_zero(stats_ratio_of_medians(big, STATS_MAX_SAMPLES + 1, a, 3, 1, replicates));
	assert_interval_zero(stats_ratio_of_medians(a, 3, big, STATS_MAX_SAMPLES + 1, 1, replicates));
	assert_interval_zero(stats_ratio_of_medians(a, 3, zero_median, 3, 1, replicates));
	/* The largest legal group is accepted. */
	struct stats_interval iv = stats_ratio_of_medians(big, STATS_MAX_SAMPLES, big, STATS_MAX_SAMPLES, 1, replicates);
	assert_true(iv.value == 1.0 && iv.lo == 1.0 && iv.hi == 1.0);
}

/* ---- geometric means -------------------------------------------------- */

static void test_geomean_hand_computed(void **state)
{
	const double v2[] = { 1, 4 };
	const double v3[] = { 2, 8, 4 };
	const double one[] = { 3.5 };
	const double ratios[] = { 1.1, 1.2, 0.9 };

	(void)state;
	assert_close(stats_geomean(v2, 2), 2.0, 1e-12);
	assert_close(stats_geomean(v3, 3), 4.0, 1e-12);
	assert_close(stats_geomean(one, 1), 3.5, 1e-12);
	/* Python: math.exp(sum(map(math.log, [1.1, 1.2, 0.9])) / 3). */
	assert_close(stats_geomean(ratios, 3), 1.059104500597819, 1e-12);
}

static void test_geomean_of_non_positive_or_empty_is_zero(void **state)
{
	const double with_zero[] = { 1, 0, 4 };
	const double with_negative[] = { 1, -2, 4 };
	const double with_nan[] = { 1, NAN, 4 };

	(void)state;
	assert_true(stats_geomean(with_zero, 3) == 0.0);
	assert_true(stats_geomean(with_negative, 3) == 0.0);
	assert_true(stats_geomean(with_nan, 3) == 0.0);
	assert_true(stats_geomean(with_zero, 0) == 0.0);
}

/* Workload w's replicate b: ratios[w] (1 + 0.001 (((b (7 + 2w)) mod 101) - 50)),
 * a deterministic +-5 % spread. Python (same expression, geomean by
 * math.exp of the mean log, type-7 quantiles) gives lo 1.016710532387109 and
 * hi 1.0950372273025606; statistics.quantiles(method='inclusive') agrees. */
static double geo_rep[3][STATS_BOOTSTRAP];

static void test_geomean_interval_hand_computed(void **state)
{
	const double ratios[] = { 1.1, 1.2, 0.9 };
	const double *const rep[] = { geo_rep[0], geo_rep[1], geo_rep[2] };

	(void)state;
	for (size_t w = 0; w < 3; w++)
		for (size_t b = 0; b < STATS_BOOTSTRAP; b++)
			geo_rep[w][b] = ratios[w] * (1.0 + 0.001 * (double)((long)((b * (7 + 2 * w)) % 101) - 50));
	struct stats_interval iv = stats_geomean_interval(ratios, rep, 3);
	assert_close(iv.value, 1.059104500597819, 1e-12);
	assert_close(iv.lo, 1.016710532387109, 1e-12);
	assert_close(iv.hi, 1.0950372273025606, 1e-12);
	assert_true(iv.lo <= iv.value && iv.value <= iv.hi);
}

static void test_geomean_interval_of_constant_replicates_has_zero_width(void **state)
{
	const double ratios[] = { 1.1, 1.2, 0.9 };
	const double *const rep[] = { geo_rep[0], geo_rep[1], geo_rep[2] };

	(void)state;
	for (size_t w = 0; w < 3; w++)
		fill(geo_rep[w], STATS_BOOTSTRAP, ratios[w]);
	struct stats_interval iv = stats_geomean_interval(ratios, rep, 3);
	assert_true(iv.value == stats_geomean(ratios, 3));
	assert_true(iv.lo == iv.value);
	assert_true(iv.hi == iv.value);
}

/* One workload: the class interval is that workload's own ratio interval. */
static void test_geomean_interval_of_one_workload_is_its_ratio_interval(void **state)
{
	double a[17], b[17];
	const double *const rep[] = { replicates };

	(void)state;
	spread(a, 17, 100, 140);
	spread(b, 17, 90, 110);
	struct stats_interval r = stats_ratio_of_medians(a, 17, b, 17, 5, replicates);
	struct stats_interval g = stats_geomean_interval(&r.value, rep, 1);
	assert_close(g.value, r.value, 1e-12);
	assert_close(g.lo, r.lo, 1e-12);
	assert_close(g.hi, r.hi, 1e-12);
}

static void test_geomean_interval_rejects_zero_or_more_than_64_workloads(void **state)
{
	double ratios[65];
	const double *rep[65];

	(void)state;
	fill(replicates, STATS_BOOTSTRAP, 1.0);
	fill(ratios, 65, 1.0);
	for (size_t w = 0; w < 65; w++)
		rep[w] = replicates;
	assert_interval_zero(stats_geomean_interval(ratios, rep, 65));
	assert_interval_zero(stats_geomean_interval(ratios, rep, 0));
	/* 64 is the documented limit and still works. */
	struct stats_interval iv = stats_geomean_interval(ratios, rep, 64);
	assert_true(iv.value == 1.0 && iv.lo == 1.0 && iv.hi == 1.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_random_values_match_qsort),
		cmocka_unit_test(test_sort_reversed_input),
		cmocka_unit_test(test_sort_keeps_duplicates),
		cmocka_unit_test(test_sort_zero_and_one_elements_touch_nothing_else),
		cmocka_unit_test(test_sort_full_group_and_bootstrap_sizes),
		cmocka_unit_test(test_median_odd_even_and_single),
		cmocka_unit_test(test_median_leaves_input_unchanged),
		cmocka_unit_test(test_median_and_mad_of_full_group),
		cmocka_unit_test(test_mad_hand_computed),
		cmocka_unit_test(test_min),
		cmocka_unit_test(test_quantile_type7_matches_reference),
		cmocka_unit_test(test_quantile_of_one_and_two_values),
		cmocka_unit_test(test_ratio_point_value_and_interval_hand_computed),
		cmocka_unit_test(test_ratio_interval_contains_point_and_is_replicate_quantiles),
		cmocka_unit_test(test_ratio_fills_exactly_stats_bootstrap_replicates),
		cmocka_unit_test(test_ratio_replicates_resample_both_groups_fully),
		cmocka_unit_test(test_ratio_interval_collapses_when_samples_are_equal),
		cmocka_unit_test(test_ratio_same_seed_same_replicates_other_seed_differs),
		cmocka_unit_test(test_ratio_replicates_equal_sorted_resamples_bit_for_bit),
		cmocka_unit_test(test_ratio_interval_narrows_as_n_grows),
		cmocka_unit_test(test_ratio_degenerate_inputs_return_zeros),
		cmocka_unit_test(test_geomean_hand_computed),
		cmocka_unit_test(test_geomean_of_non_positive_or_empty_is_zero),
		cmocka_unit_test(test_geomean_interval_hand_computed),
		cmocka_unit_test(test_geomean_interval_of_constant_replicates_has_zero_width),
		cmocka_unit_test(test_geomean_interval_of_one_workload_is_its_ratio_interval),
		cmocka_unit_test(test_geomean_interval_rejects_zero_or_more_than_64_workloads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

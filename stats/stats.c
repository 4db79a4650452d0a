/* Order statistics and bootstrap intervals. Sorting is a Shell sort (Ciura
 * gaps): a few hundred values at most, no recursion, no allocation. The
 * bootstrap sorts each group once and takes every resample's median from
 * counts of the drawn ranks. */
#include "lib/mem.h"
#include "lib/rng.h"
#include "lib/fpmath.h"
#include "stats/stats.h"

void stats_sort(double *v, size_t n)
{
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

	for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
		size_t gap = gaps[g];
		for (size_t i = gap; i < n; i++) {
			double x = v[i];
			size_t j = i;
			for (; j >= gap && v[j - gap] > x; j -= gap)
				v[j] = v[j - gap];
			v[j] = x;
		}
	}
}

double stats_median_sorted(const double *s, size_t n)
{
	if (!n)
		return 0;
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double stats_median(const double *v, size_t n)
{
	double tmp[STATS_MAX_SAMPLES];

	if (n > STATS_MAX_SAMPLES)
		n = STATS_MAX_SAMPLES;
	memcpy(tmp, v, n * sizeof *v);
	stats_sort(tmp, n);
	return stats_median_sorted(tmp, n);
}

double stats_mad(const double *v, size_t n)
{
	double dev[STATS_MAX_SAMPLES];
	double med = stats_median(v, n);

	if (n > STATS_MAX_SAMPLES)
		n = STATS_MAX_SAMPLES;
	for (size_t i = 0; i < n; i++)
		dev[i] = v[i] > med ? v[i] - med : med - v[i];
	stats_sort(dev, n);
	return stats_median_sorted(dev, n);
}

double stats_min(const double *v, size_t n)
{
	double m = n ? v[0] : 0;

	for (size_t i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

double stats_quantile_sorted(const double *s, size_t n, double q)
{
	if (!n)
		return 0;
	if (!(q > 0)) /* also NaN */
		return s[0];
	if (q >= 1)
		return s[n - 1];
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)h;
	double frac = h - (double)lo;
	return lo + 1 < n ? s[lo] + frac * (s[lo + 1] - s[lo]) : s[lo];
}

/* One group prepared for resampling: its values in ascending order and the
 * rank of each input value in that order (sorted[rank[i]] == v[i]). */
struct ranked {
	double sorted[STATS_MAX_SAMPLES];
	uint16_t rank[STATS_MAX_SAMPLES];
	size_t n;
};

static void rank_group(const double *v, size_t n, struct ranked *g)
{
	uint16_t idx[STATS_MAX_SAMPLES];

	/* Insertion sort of indices by value (n <= 256, once per interval). */
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		for (; j > 0 && v[idx[j - 1]] > v[i]; j--)
			idx[j] = idx[j - 1];
		idx[j] = (uint16_t)i;
	}
	for (size_t k = 0; k < n; k++) {
		g->sorted[k] = v[idx[k]];
		g->rank[idx[k]] = (uint16_t)k;
	}
	g->n = n;
}

/* Median of n draws with replacement. Counting how often each rank is drawn
 * and walking the counts finds the middle values without sorting the
 * resample: the same draws and the same median as sorting it, in O(n). */
static double resampled_median(const struct ranked *g, struct rng *r)
{
	uint16_t count[STATS_MAX_SAMPLES];
	size_t n = g->n, below = 0, k = 0;

	memset(count, 0, n * sizeof count[0]);
	for (size_t i = 0; i < n; i++)
		count[g->rank[rng_below(r, (uint32_t)n)]]++;
	/* k: rank holding resample position n/2 - 1 (even n) or n/2 (odd n). */
	size_t first = n % 2 ? n / 2 : n / 2 - 1;
	while (below + count[k] <= first)
		below += count[k++];
	if (n % 2)
		return g->sorted[k];
	double lower = g->sorted[k];
	while (below + count[k] <= first + 1)
		below += count[k++];
	return (lower + g->sorted[k]) / 2;
}

static struct stats_interval interval_of(double value, const double *replicates)
{
	double sorted[STATS_BOOTSTRAP];
	struct stats_interval out = { value, value, value };

	memcpy(sorted, replicates, sizeof sorted);
	stats_sort(sorted, STATS_BOOTSTRAP);
	out.lo = stats_quantile_sorted(sorted, STATS_BOOTSTRAP, 0.025);
	out.hi = stats_quantile_sorted(sorted, STATS_BOOTSTRAP, 0.975);
	return out;
}

struct stats_interval stats_ratio_of_medians(const double *a, size_t na, const double *b, size_t nb,
					     uint64_t seed, double *replicates)
{
	struct stats_interval none = { 0, 0, 0 };

	if (!na || !nb || na > STATS_MAX_SAMPLES || nb > STATS_MAX_SAMPLES)
		return none;
	double mb = stats_median(b, nb);
	if (mb <= 0)
		return none;
	struct ranked ga, gb;
	rank_group(a, na, &ga);
	rank_group(b, nb, &gb);
	struct rng r = rng_init(seed, 0xB007);
	for (size_t i = 0; i < STATS_BOOTSTRAP; i++) {
		double ra = resampled_median(&ga, &r);
		double rb = resampled_median(&gb, &r);
		replicates[i] = rb > 0 ? ra / rb : 0;
	}
	return interval_of(stats_median(a, na) / mb, replicates);
}

double stats_geomean(const double *v, size_t n)
{
	double sum = 0;

	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return 0;
		sum += bench_log(v[i]);
	}
	return bench_exp(sum / (double)n);
}

struct stats_interval stats_geomean_interval(const double *ratios, const double *const *replicates, size_t k)
{
	double combined[STATS_BOOTSTRAP], column[STATS_MAX_WORKLOADS];
	struct stats_interval none = { 0, 0, 0 };

	if (!k || k > sizeof column / sizeof column[0])
		return none;
	for (size_t b = 0; b < STATS_BOOTSTRAP; b++) {
		for (size_t w = 0; w < k; w++)
			column[w] = replicates[w][b];
		combined[b] = stats_geomean(column, k);
	}
	return interval_of(stats_geomean(ratios, k), combined);
}

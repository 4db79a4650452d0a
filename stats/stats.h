/* Statistics for the samples (freestanding: the kernel's summary and the host
 * tools use the same code). Robust, order-statistics based: medians, the
 * median absolute deviation, and percentile-bootstrap intervals with a seeded
 * generator, so two runs of the same data give the same interval. */
#ifndef IDLEBENCH_STATS_STATS_H
#define IDLEBENCH_STATS_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Most samples one group may hold (reps per workload and mode). */
#define STATS_MAX_SAMPLES 256
/* Most workloads one geometric mean combines. */
#define STATS_MAX_WORKLOADS 64
/* Bootstrap replicates per interval. */
#define STATS_BOOTSTRAP 1000

/* Sort v ascending in place. */
void stats_sort(double *v, size_t n);
/* Median of an ascending array (mean of the middle two for even n); 0 for n = 0. */
double stats_median_sorted(const double *sorted, size_t n);
/* Median of v (v is left unchanged; only the first STATS_MAX_SAMPLES count:
 * callers keep groups within that limit). */
double stats_median(const double *v, size_t n);
/* Median absolute deviation from the median (n <= STATS_MAX_SAMPLES). */
double stats_mad(const double *v, size_t n);
/* Smallest value; 0 for n = 0. */
double stats_min(const double *v, size_t n);
/* Quantile q in [0,1] (NaN counts as 0) of an ascending array by linear interpolation
 * (Hyndman & Fan type 7, R's default). */
double stats_quantile_sorted(const double *sorted, size_t n, double q);

/* A ratio with its 95 % interval. */
struct stats_interval {
	double value, lo, hi;
};

/* median(a) / median(b) with a 95 % percentile-bootstrap interval: each
 * replicate resamples a and b independently with replacement, so it ignores
 * that samples of one rep are a matched pair and that boots differ; for a
 * slowdown against hlt use stats/inference.h instead. replicates
 * receives the STATS_BOOTSTRAP replicate ratios (unsorted, replicate order
 * fixed by seed) so class geomeans can combine workloads replicate by
 * replicate. Needs na, nb in 1..STATS_MAX_SAMPLES. */
struct stats_interval stats_ratio_of_medians(const double *a, size_t na, const double *b, size_t nb,
					     uint64_t seed, double *replicates);
/* Geometric mean of n positive values (0 if any is not positive). */
double stats_geomean(const double *v, size_t n);
/* Geometric mean over k workloads of ratio replicates (replicates[w] points at
 * workload w's STATS_BOOTSTRAP replicates) with its 95 % interval; value is
 * the geomean of the point ratios. A percentile-bootstrap interval need not
 * contain its point value when the bootstrap distribution is skewed. */
struct stats_interval stats_geomean_interval(const double *ratios, const double *const *replicates, size_t k);

#endif

/* Paired log-scale slowdowns: within a boot a t interval over blocks, across
 * boots a t interval over the boots' means (see stats/inference.h). */
#include <stdint.h>

#include "lib/fpmath.h"
#include "stats/inference.h"
#include "stats/student_t.h"

#define NAN_VALUE __builtin_nan("")

/* d for one block, or false when either sample is missing. */
static bool block_difference(double mode_cpi, double hlt_cpi, double *d)
{
	if (!(mode_cpi > 0) || !(hlt_cpi > 0))
		return false;
	*d = bench_log(mode_cpi) - bench_log(hlt_cpi);
	return true;
}

static double pct_of_log(double x)
{
	return (bench_exp(x) - 1.0) * 100.0;
}

/* The t interval of the mean of n values with sample sd sd; below min_n
 * values only the point value is given. */
static struct stats_slowdown t_estimate(double mean, double sd, size_t n, size_t min_n, const char *method)
{
	struct stats_slowdown s = {
		.value_pct = NAN_VALUE, .lo_pct = NAN_VALUE, .hi_pct = NAN_VALUE,
		.mean_log = NAN_VALUE, .sd_log = NAN_VALUE, .se_log = NAN_VALUE, .df = NAN_VALUE,
		.n = n, .method = method, .status = STATS_NO_DATA, .within_boot_only = true,
	};
	if (!n)
		return s;
	s.mean_log = mean;
	s.value_pct = pct_of_log(mean);
	s.status = STATS_TOO_FEW;
	if (n < 2)
		return s;
	s.sd_log = sd;
	s.se_log = sd / bench_sqrt((double)n);
	s.df = (double)(n - 1);
	if (n < min_n)
		return s;
	double half = stats_t_975(s.df) * s.se_log;
	s.lo_pct = pct_of_log(mean - half);
	s.hi_pct = pct_of_log(mean + half);
	s.status = STATS_INTERVAL;
	return s;
}

/* Mean and sample sd of v (two passes: the d are small numbers close together). */
static void mean_sd(const double *v, size_t n, double *mean, double *sd)
{
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	*mean = n ? sum / (double)n : 0;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*sd = n > 1 ? bench_sqrt(ss / (double)(n - 1)) : 0;
}

struct stats_slowdown stats_slowdown_of_differences(const double *d, size_t n, const char *method)
{
	double mean, sd;

	mean_sd(d, n, &mean, &sd);
	return t_estimate(mean, sd, n, STATS_MIN_BLOCKS, method);
}

struct stats_slowdown stats_paired_slowdown(const double *mode_cpi, const double *hlt_cpi, size_t reps)
{
	double d[STATS_MAX_REPS];
	size_t n = 0;

	if (reps > STATS_MAX_REPS)
		reps = STATS_MAX_REPS;
	for (size_t r = 0; r < reps; r++)
		if (block_difference(mode_cpi[r], hlt_cpi[r], &d[n]))
			n++;
	return stats_slowdown_of_differences(d, n, "paired-t");
}

struct stats_slowdown stats_class_slowdown(const double *const *mode_cpi, const double *const *hlt_cpi, size_t k,
					   size_t reps)
{
	double rep_mean[STATS_MAX_REPS];
	size_t n = 0;

	if (reps > STATS_MAX_REPS)
		reps = STATS_MAX_REPS;
	for (size_t r = 0; r < reps && k; r++) {
		double sum = 0, d;
		size_t w = 0;
		for (; w < k && block_difference(mode_cpi[w][r], hlt_cpi[w][r], &d); w++)
			sum += d;
		if (w == k)
			rep_mean[n++] = sum / (double)k;
	}
	return stats_slowdown_of_differences(rep_mean, n, "class-paired-t");
}

struct stats_boot stats_boot_of(const struct stats_slowdown *s)
{
	struct stats_boot b = { 0, 0, 0 };

	if (s->status == STATS_NO_DATA)
		return b;
	b.mean_log = s->mean_log;
	b.var_log = s->n > 1 ? s->sd_log * s->sd_log : 0;
	b.blocks = s->n;
	return b;
}

struct stats_slowdown stats_across_boots(const struct stats_boot *boots, size_t b)
{
	double sum = 0, ss = 0;
	size_t used = 0, only = 0;

	for (size_t i = 0; i < b; i++)
		if (boots[i].blocks) {
			sum += boots[i].mean_log;
			used++;
			only = i;
		}
	if (used == 1) {
		const struct stats_boot *o = &boots[only];
		return t_estimate(o->mean_log, bench_sqrt(o->var_log), o->blocks, STATS_MIN_BLOCKS, "paired-t");
	}
	double mean = used ? sum / (double)used : 0;
	for (size_t i = 0; i < b; i++)
		if (boots[i].blocks)
			ss += (boots[i].mean_log - mean) * (boots[i].mean_log - mean);
	double sd = used > 1 ? bench_sqrt(ss / (double)(used - 1)) : 0;
	struct stats_slowdown s = t_estimate(mean, sd, used, 2, "boots-t");
	s.within_boot_only = false;
	return s;
}

/* Append text to buf at *at, stopping one byte short of size for the NUL. */
static void put_text(char *buf, size_t size, size_t *at, const char *text)
{
	for (; *text && *at + 1 < size; text++)
		buf[(*at)++] = *text;
}

/* Append the decimal digits of v the same way. */
static void put_count(char *buf, size_t size, size_t *at, size_t v)
{
	char digits[24];
	size_t n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n && *at + 1 < size)
		buf[(*at)++] = digits[--n];
}

char *stats_slowdown_note(const struct stats_slowdown *s, char *buf, size_t size)
{
	size_t at = 0;

	if (!size)
		return buf;
	switch (s->status) {
	case STATS_NO_DATA:
		put_text(buf, size, &at, "n/a: no complete block");
		break;
	case STATS_TOO_FEW:
		put_text(buf, size, &at, "n/a: ");
		put_count(buf, size, &at, s->n);
		put_text(buf, size, &at, s->n == 1 ? " block, need " : " blocks, need ");
		put_count(buf, size, &at, STATS_MIN_BLOCKS);
		break;
	case STATS_INTERVAL:
		if (s->within_boot_only)
			put_text(buf, size, &at, "within this boot only");
		break;
	}
	buf[at] = '\0';
	return buf;
}

double stats_slowdown_p_value(const struct stats_slowdown *s)
{
	if (s->status == STATS_NO_DATA)
		return NAN_VALUE;
	if (s->n < 2)
		return 1.0;
	if (!(s->se_log > 0))
		return s->mean_log == 0 ? 1.0 : 0.0;
	return stats_t_two_sided_p(s->mean_log / s->se_log, s->df);
}

bool stats_holm(const double *p, size_t n, double *adjusted, bool *significant)
{
	uint32_t order[STATS_MAX_TESTS];

	if (n > STATS_MAX_TESTS)
		return false;
	stats_holm_scratch(p, n, adjusted, significant, order);
	return true;
}

void stats_holm_scratch(const double *p, size_t n, double *adjusted, bool *significant, uint32_t *order)
{
	size_t m = 0;

	/* Indices of the usable p-values, ascending by p (insertion sort: stable, so
	 * ties keep their input order and the result does not depend on the sort;
	 * quadratic, which a fleet's few thousand tests still do at once). */
	for (size_t i = 0; i < n; i++) {
		adjusted[i] = NAN_VALUE;
		significant[i] = false;
		if (p[i] != p[i])
			continue;
		size_t j = m++;
		for (; j > 0 && p[order[j - 1]] > p[i]; j--)
			order[j] = order[j - 1];
		order[j] = (uint32_t)i;
	}
	/* Step down: the j-th smallest is multiplied by m - j, and an adjusted value
	 * is never below the one before it (monotone, as the rejections are). */
	double running = 0;
	for (size_t j = 0; j < m; j++) {
		double a = p[order[j]] * (double)(m - j);
		if (a > 1)
			a = 1;
		if (a < running)
			a = running;
		running = a;
		adjusted[order[j]] = a;
		significant[order[j]] = a <= 0.05;
	}
}

double stats_min_detectable_pct(double se_log, double df)
{
	if (!(df >= 1))
		return NAN_VALUE;
	return pct_of_log((stats_t_975(df) + stats_t_quantile(0.80, df)) * se_log);
}

double stats_half_width_pct(double se_log, double df)
{
	if (!(df >= 1))
		return NAN_VALUE;
	return pct_of_log(stats_t_975(df) * se_log);
}

struct stats_difference stats_difference_of(const struct stats_slowdown *a, const struct stats_slowdown *b)
{
	struct stats_difference d = {
		.value_pct = NAN_VALUE, .lo_pct = NAN_VALUE, .hi_pct = NAN_VALUE, .diff_log = NAN_VALUE,
		.se_log = NAN_VALUE, .df = NAN_VALUE, .mde_pct = NAN_VALUE, .status = STATS_NO_DATA,
		.within_boot_only = a->within_boot_only || b->within_boot_only,
	};
	if (a->status == STATS_NO_DATA || b->status == STATS_NO_DATA)
		return d;
	d.diff_log = b->mean_log - a->mean_log;
	d.value_pct = pct_of_log(d.diff_log);
	d.status = STATS_TOO_FEW;
	if (a->status != STATS_INTERVAL || b->status != STATS_INTERVAL)
		return d;
	double va = a->se_log * a->se_log, vb = b->se_log * b->se_log;
	d.se_log = bench_sqrt(va + vb);
	/* Welch-Satterthwaite; two zero-width estimates (a deterministic emulator)
	 * have no variance to apportion, so their plain sum of degrees of freedom. */
	double denominator = va * va / a->df + vb * vb / b->df;
	d.df = denominator > 0 ? (va + vb) * (va + vb) / denominator : a->df + b->df;
	double half = stats_t_975(d.df) * d.se_log;
	d.lo_pct = pct_of_log(d.diff_log - half);
	d.hi_pct = pct_of_log(d.diff_log + half);
	d.mde_pct = stats_min_detectable_pct(d.se_log, d.df);
	d.status = STATS_INTERVAL;
	return d;
}

bool stats_difference_distinguishable(const struct stats_difference *d)
{
	return d->status == STATS_INTERVAL && (d->lo_pct > 0 || d->hi_pct < 0);
}

double stats_difference_p_value(const struct stats_difference *d)
{
	if (d->status != STATS_INTERVAL)
		return NAN_VALUE;
	if (!(d->se_log > 0))
		return d->diff_log == 0 ? 1.0 : 0.0;
	return stats_t_two_sided_p(d->diff_log / d->se_log, d->df);
}

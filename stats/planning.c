/* Planning figures from variance components (see stats/planning.h). */
#include "lib/fpmath.h"
#include "stats/planning.h"
#include "stats/student_t.h"

#define NAN_VALUE __builtin_nan("")

struct stats_variance_components stats_variance_components(const struct stats_boot *boots, size_t b)
{
	struct stats_variance_components v = { NAN_VALUE, NAN_VALUE, NAN_VALUE, 0 };
	double total = 0, sum = 0, sum_sq_counts = 0;
	size_t used = 0;

	for (size_t i = 0; i < b; i++) {
		if (!boots[i].blocks)
			continue;
		double n = (double)boots[i].blocks;
		total += n;
		sum += n * boots[i].mean_log;
		sum_sq_counts += n * n;
		used++;
	}
	v.boots = used;
	if (used < 2 || total <= (double)used)
		return v;
	double grand = sum / total, ss_between = 0, ss_within = 0;
	for (size_t i = 0; i < b; i++) {
		if (!boots[i].blocks)
			continue;
		double n = (double)boots[i].blocks, dev = boots[i].mean_log - grand;
		ss_between += n * dev * dev;
		ss_within += (n - 1) * boots[i].var_log;
	}
	double ms_between = ss_between / (double)(used - 1);
	double ms_within = ss_within / (total - (double)used);
	/* Expected MS_between = within + n0 between (Searle, Casella & McCulloch,
	 * "Variance Components", 1992, 3.6 for unbalanced one-way data). */
	v.n0 = (total - sum_sq_counts / total) / (double)(used - 1);
	v.within = ms_within;
	v.between = ms_between > ms_within ? (ms_between - ms_within) / v.n0 : 0;
	return v;
}

/* ceil(x) for 0 <= x, capped at the planning limit. */
static size_t count_up(double x)
{
	if (!(x < (double)STATS_PLAN_LIMIT))
		return STATS_PLAN_LIMIT;
	size_t n = (size_t)x;
	return (double)n < x ? n + 1 : n;
}

size_t stats_optimal_reps(const struct stats_variance_components *v, double boot_cost, double rep_cost)
{
	if (!(v->within >= 0) || !(v->between >= 0) || !(boot_cost > 0) || !(rep_cost > 0))
		return 0;
	if (v->between == 0)
		return STATS_PLAN_LIMIT;
	size_t r = count_up(bench_sqrt(boot_cost / rep_cost * v->within / v->between));
	return r ? r : 1;
}

static double half_width_log(double half_width_pct)
{
	return bench_log(1.0 + half_width_pct / 100.0);
}

/* Half-width of the interval across boots on the log scale for b boots. */
static double boots_half_width(const struct stats_variance_components *v, size_t reps, size_t b)
{
	double var_boot_mean = v->between + v->within / (double)reps;
	return stats_t_975((double)(b - 1)) * bench_sqrt(var_boot_mean / (double)b);
}

size_t stats_boots_needed(const struct stats_variance_components *v, size_t reps, double half_width_pct)
{
	if (!(v->within >= 0) || !(v->between >= 0) || !reps || !(half_width_pct > 0))
		return 0;
	double h = half_width_log(half_width_pct);
	if (boots_half_width(v, reps, STATS_PLAN_LIMIT) > h)
		return STATS_PLAN_LIMIT;
	/* The half-width falls with b (both t and 1/sqrt(b) do): bisect on b. */
	size_t lo = 1, hi = STATS_PLAN_LIMIT; /* half-width(lo) > h >= half-width(hi); b = 1 has none */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (boots_half_width(v, reps, mid) <= h)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

size_t stats_stein_reps(size_t n0, double sd_log, double half_width_pct)
{
	if (n0 < 2 || !(sd_log >= 0) || !(half_width_pct > 0))
		return 0;
	double k = stats_t_975((double)(n0 - 1)) * sd_log / half_width_log(half_width_pct);
	size_t n = count_up(k * k);
	return n > n0 ? n : n0;
}

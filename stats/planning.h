/* How many repetitions and boots an experiment needs (freestanding). Two
 * levels of variation, as in Kalibera & Jones, "Rigorous benchmarking in
 * reasonable time" (ISMM 2013): blocks within a boot (sigma^2_within, the
 * variance of one block's d = log cpi(mode) - log cpi(hlt)) and boots
 * (sigma^2_between, the variance of a boot's true mean d). All half-widths are
 * given in percent and converted to the log scale as log(1 + h/100). */
#ifndef IDLEBENCH_STATS_PLANNING_H
#define IDLEBENCH_STATS_PLANNING_H

#include <stddef.h>

#include "stats/inference.h"

/* The largest count a planning function returns: "more than is practical"
 * (e.g. repetitions per boot when boots do not vary at all). */
#define STATS_PLAN_LIMIT 100000

/* Variance components of d on the log scale. */
struct stats_variance_components {
	double between;      /* sigma^2 of the boots' true means (method of moments, truncated at 0) */
	double within;       /* sigma^2 of one block within a boot (pooled over boots) */
	double n0;           /* effective blocks per boot (the mean for equal counts) */
	size_t boots;        /* boots used (those with >= 1 block) */
};

/* One-way random-effects ANOVA over the boots' summaries (unequal block
 * counts allowed): within = pooled within-boot variance, between =
 * max(0, (MS_between - MS_within) / n0). Needs >= 2 boots and more blocks
 * than boots; otherwise both components are NaN. */
struct stats_variance_components stats_variance_components(const struct stats_boot *boots, size_t b);
/* Kalibera & Jones's repetitions per boot that minimise the total time for a
 * given precision: ceil(sqrt((boot_cost / rep_cost) * (within / between))),
 * at least 1, STATS_PLAN_LIMIT when between is 0 (0 for NaN components or costs <= 0). */
size_t stats_optimal_reps(const struct stats_variance_components *v, double boot_cost, double rep_cost);
/* Boots (>= 2) needed at reps repetitions per boot for a 95 % interval
 * across boots of half-width <= half_width_pct: the least B with
 * t(B-1, 0.975) sqrt((between + within / reps) / B) <= log(1 + h/100);
 * STATS_PLAN_LIMIT if even that many do not reach it, 0 for bad arguments. */
size_t stats_boots_needed(const struct stats_variance_components *v, size_t reps, double half_width_pct);
/* Stein's two-stage rule (Stein 1945): after a pilot of n0 >= 2 repetitions with
 * sample sd sd_log (log scale), the total repetitions (blocks) for a 95 % half-width of
 * half_width_pct: max(n0, ceil((t(n0-1, 0.975) sd_log / log(1 + h/100))^2)),
 * capped at STATS_PLAN_LIMIT; 0 for bad arguments. Pilots of fewer than
 * STATS_MIN_BLOCKS blocks work but estimate sd poorly. */
size_t stats_stein_reps(size_t n0, double sd_log, double half_width_pct);

#endif

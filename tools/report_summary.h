/* What `idlebench report` computes from a machine's pooled samples, with the
 * same statistics the kernel's summary uses (bench/stats.c): per (workload,
 * mode) the median cycles per iteration, the slowdown against `hlt` with its
 * 95 % percentile-bootstrap interval, the median effective MHz and sibling C0
 * share; per class and mode the geometric mean of the ratios with the interval
 * combined replicate by replicate. */
#ifndef IDLEBENCH_TOOLS_REPORT_SUMMARY_H
#define IDLEBENCH_TOOLS_REPORT_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/stats.h"
#include "tools/report_pool.h"

/* The kernel's default `seed=` (kernel/options.c): a default-seeded run
 * reports the same intervals as its own `#! summary` records. */
#define REPORT_DEFAULT_SEED 1

/* The classes a geometric mean is taken over, as written in the `class` column. */
enum report_class { REPORT_CLASS_INT, REPORT_CLASS_FP, REPORT_CLASS_COUNT };

/* Figures of one (workload, mode). */
struct report_cell {
	size_t n, bad;                 /* samples used, rows with check=bad (excluded) */
	double median_cpi;             /* valid when n > 0 */
	bool have_slowdown;            /* n > 0 and the workload has good hlt samples */
	struct stats_interval ratio;   /* median cpi here / median cpi in hlt, with 95 % interval */
	bool have_eff, have_sib_c0;
	double eff_mhz, sib_c0_pct;    /* medians of the non-empty fields */
};

/* A class geometric mean in one mode. */
struct report_geomean {
	size_t workloads;              /* 0: no workload of the class has a slowdown in this mode */
	struct stats_interval ratio;
};

/* Everything the table and the chart print for one machine. */
struct report_summary {
	uint64_t seed;
	bool have_hlt;                 /* some workload has good hlt samples: slowdowns exist */
	struct report_cell cell[REPORT_WORKLOAD_SLOTS][REPORT_MODE_SLOTS];
	struct report_geomean geomean[REPORT_CLASS_COUNT][REPORT_MODE_SLOTS];
};

/* Seed of the bootstrap of workload slot w in mode slot m, as kernel/experiment/summary.c derives it. */
uint64_t report_group_seed(uint64_t seed, size_t w, size_t m);

/* Compute s for machine m with bootstrap seed `seed`; false only when out of memory. */
bool report_summarize(const struct report_machine *m, uint64_t seed, struct report_summary *s);

/* Slowdown in % of a ratio: (ratio - 1) x 100. */
double report_slowdown_pct(double ratio);

#endif

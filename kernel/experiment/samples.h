/* Where the measured samples wait for the summary: cycles per iteration and
 * effective MHz per (workload, mode), in measurement order. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_SAMPLES_H
#define IDLEBENCH_KERNEL_EXPERIMENT_SAMPLES_H

#include <stddef.h>

#include "bench/stats.h"
#include "bench/workload.h"
#include "kernel/sibling/idle_mode.h"

/* Samples of one (workload, mode). */
struct sample_group {
	double cpi[STATS_MAX_SAMPLES];
	double eff_mhz[STATS_MAX_SAMPLES];
	size_t n;
	size_t n_eff; /* samples with an effective frequency */
	size_t bad;   /* samples whose checksum was wrong */
};

/* All groups of a run. */
struct sample_table {
	struct sample_group group[WORKLOAD_MAX][IDLE_MODE_COUNT];
};

#endif

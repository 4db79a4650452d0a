/* Where the measured samples wait for the summary: cycles per iteration by
 * (workload, mode, measured repetition), so the samples of one repetition
 * of a workload pair up across the modes (stats/analysis.h), the PMU's
 * cycles per instruction and instructions per iteration, and effective
 * MHz per (workload, mode). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_SAMPLES_H
#define IDLEBENCH_KERNEL_EXPERIMENT_SAMPLES_H

#include <stddef.h>

#include "stats/inference.h"
#include "stats/stats.h"
#include "bench/workload.h"
#include "core/sibling/idle_mode.h"

/* What a (workload, mode) saw besides its cycles. */
struct sample_group {
	double eff_mhz[STATS_MAX_SAMPLES];
	/* the parked sibling's wake-ups per millisecond of each sample (MWAIT is
	 * re-entered after every wake-up, so a sibling woken often sits in C0
	 * although its mode is MWAIT) */
	double wake_per_ms[STATS_MAX_SAMPLES];
	size_t n;      /* samples with a good checksum (in the cpi table) */
	size_t n_eff;  /* samples with an effective frequency */
	size_t n_wake; /* samples with a wake-up count and a duration */
	size_t bad;   /* samples whose checksum was wrong (left out of the cpi table) */
	bool smi_counted;   /* the PMU counted SMIs in its samples */
	size_t smi_samples; /* measured samples during which at least one SMI arrived */
	size_t smi_left_out; /* good, usable samples left out of the table for an SMI (harness.c) */
};

/* All samples of a run. */
struct sample_table {
	/* cpi[w][m][r]: cycles per counted iteration; 0 = missing */
	double cpi[WORKLOAD_MAX][IDLE_MODE_COUNT][STATS_MAX_REPS];
	/* core_cpi[w][m][r]: core cycles (ΔAPERF) per counted iteration; 0 = not measured */
	double core_cpi[WORKLOAD_MAX][IDLE_MODE_COUNT][STATS_MAX_REPS];
	/* pmu_cpi[w][m][r]: unhalted core cycles per retired instruction (1 / IPC)
	 * from the PMU; 0 = not measured (no PMU: QEMU TCG, Bochs, KVM) */
	double pmu_cpi[WORKLOAD_MAX][IDLE_MODE_COUNT][STATS_MAX_REPS];
	/* instr_per_iter[w][m][r]: retired instructions per executed iteration; 0 = not measured */
	double instr_per_iter[WORKLOAD_MAX][IDLE_MODE_COUNT][STATS_MAX_REPS];
	struct sample_group group[WORKLOAD_MAX][IDLE_MODE_COUNT];
};

#endif

/* The sample loop both experiments share: the kernel's (kernel/experiment/
 * experiment.c, the parked CPUs held by idlebench itself) and Linux's
 * (tools/linux/linux_run.c, the parked CPU held through cpuidle sysfs). The plan
 * decides which sample comes next (plan_walk: order, interleaving,
 * warm-up, repetitions); the harness keeps the bookkeeping around it: the
 * iterations a sample runs (the spike-in's 1 % more), the checksum
 * references of the A/A and spike controls, the row's common cells, the
 * sample table the summary reads (only samples with a good checksum that the
 * caller found usable), and the end of a repetition (fixed count, the
 * pilot's Stein count, the budget). What differs is the callers': how the
 * parked CPU is put in a mode, how a workload is timed and which counters
 * fill the rest of the row. Freestanding: built into the kernel, the UEFI
 * application and the host tool alike. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_HARNESS_H
#define IDLEBENCH_KERNEL_EXPERIMENT_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/workload.h"
#include "core/experiment/plan.h"
#include "core/experiment/samples.h"
#include "core/stream/sample_row.h"
#include "core/stream/stream.h"

/* Why sampling stopped (the `#! stop` record's stop_reason=). */
enum harness_stop { HARNESS_STOP_FIXED, HARNESS_STOP_TARGET, HARNESS_STOP_LIMIT, HARNESS_STOP_BUDGET };

/* A workload's calibration: iterations per sample and checksum references. */
struct harness_workload {
	uint64_t iterations;      /* per sample (a multiple of 100 when spike runs) */
	uint64_t reference;       /* checksum of run(iterations) */
	uint64_t spike_reference; /* checksum of the spike-in's run (1 % more iterations) */
	bool expected_ok;         /* the build-time checksum matched */
};

struct harness;

/* What a caller does for each sample. */
struct harness_ops {
	/* Before a sample (may be NULL): say progress. */
	void (*progress)(void *ctx, const struct harness *h, const struct plan_step *st);
	/* Put the parked CPU(s) in st->mode and make the workload's inputs
	 * ready, settled; false stops the run (the caller wrote why). */
	bool (*prepare)(void *ctx, const struct plan_step *st);
	/* Run n iterations of st's workload timed: row->tsc_cycles and row->ns,
	 * and the counter cells the caller has (APERF/MPERF, PMU, energy, the
	 * parked CPU's residency); *checksum = the run's; *usable = false when
	 * the sample must stay out of the summary (Linux: the residency proof
	 * failed). It may set row->cycles_per_iter, the quantity the summary
	 * reads (a command's score, core/stream/sample_row.h); left 0, it is
	 * tsc_cycles per iteration. False stops the run. */
	bool (*measure)(void *ctx, const struct plan_step *st, uint64_t n, struct sample_row *row, uint64_t *checksum,
			bool *usable);
	/* After measure (may be NULL): true when something the caller checks
	 * besides the workload's checksum computed wrongly during the sample
	 * (the kernel: a parked CPU in mode busy gave a wrong checksum in a
	 * round, its BUSY_CHECKSUM record): the row is check=bad, counted bad,
	 * kept out of the summary like a wrong checksum. */
	bool (*sample_bad)(void *ctx);
	/* After a measured row is written (may be NULL): the caller's own records. */
	void (*after_row)(void *ctx, const struct plan_step *st, const struct sample_row *row, bool usable);
	/* Calibration: run n iterations of workload w on arena, timed as a
	 * sample is; the ticks it took (clock's unit). */
	uint64_t (*time_run)(void *ctx, size_t w, void *arena, uint64_t n);
	/* A monotonic clock, in ticks, and microseconds in ticks (the budget,
	 * sample_ms). */
	uint64_t (*clock)(void *ctx);
	uint64_t (*us_to_ticks)(void *ctx, uint64_t us);
};

struct harness {
	const struct plan *plan;
	const struct harness_ops *ops;
	void *ctx;
	struct stream *s;
	struct sample_table *table; /* zeroed by the caller */
	const char *placement;
	struct harness_workload ws[WORKLOAD_MAX];
	unsigned target_reps;   /* measured repetitions to reach (plan->reps until the pilot decides) */
	unsigned measured_reps; /* complete measured repetitions so far */
	enum harness_stop stop;
	uint64_t seq, done, total; /* rows written; samples taken; samples planned */
	uint64_t start;            /* clock at the first sample's plan step */
	unsigned segments;         /* interleaved segments walked so far */
	size_t last_workload;      /* the workload of the last step taken ((size_t)-1: none) */
	bool failed;
};

/* Most iterations one sample may run (calibration stops doubling here). */
#define HARNESS_MAX_ITERATIONS (1ull << 40)

/* Set h up for plan (ws left for harness_calibrate). */
void harness_init(struct harness *h, const struct plan *plan, const struct harness_ops *ops, void *ctx,
		  struct stream *s, struct sample_table *table, const char *placement);
/* The plan's meta (`#=` preset .. plan_id, the `order=blocked` note), the
 * same for every boot path. */
void harness_write_plan_meta(const struct plan *plan, const struct plan_conditions *cond, struct stream *s);
/* Iterations a sample in mode runs: the counted ones, and for the spike-in
 * extra_work_pct % more (exact: the count is a multiple of 100 then). */
uint64_t harness_run_iterations(const struct harness_workload *w, enum idle_mode mode);
/* Calibrate workload w on its arena, set up: double the iterations
 * (ops->time_run) until a run takes a quarter of sample_ms (or
 * HARNESS_MAX_ITERATIONS), scale to sample_ms, round to a multiple of 100
 * when the plan has the spike-in, and take the checksum references. */
void harness_calibrate(struct harness *h, size_t w, void *arena);
/* The `#! workload` record of calibrated workload w (arena_bytes: its
 * measurement arena), and a CHECKSUM error when its build-time check failed. */
void harness_write_workload(const struct harness *h, size_t w, size_t arena_bytes);
/* The `#! stop` record: why and when sampling ended (setup_ns: from the
 * start to the first sample; elapsed_ns: sampling). */
void harness_write_stop(const struct harness *h, uint64_t setup_ns, uint64_t elapsed_ns);
/* The data table's header, then the plan's samples (plan_walk); false when
 * a callback stopped it. */
bool harness_walk(struct harness *h);
/* The stop reason's name. */
const char *harness_stop_name(enum harness_stop stop);

#endif

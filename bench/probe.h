/* Mechanism probes: workloads (class `probe`) that each measure one core
 * structure SMT may partition, grouped in families whose variants sweep one
 * parameter. A family's rows become one result by probe_summarize():
 *   rob    (bench/probe_rob.c)    rob_N, N NOP fillers: knee = instruction window
 *   mlp    (bench/probe_mlp.c)    mlp_k, k chains: ns per cache-missing load per k
 *   stream (bench/probe_stream.c) stream_triad: bytes per TSC cycle and GB/s
 *   sq     (bench/probe_sq.c)     sq_B, B store fillers: knee = store queue
 * Freestanding (callers: tools/cli/cmd_bench.c; the kernel after it collects
 * per-variant medians); core/stream/probe_record.h prints the results. */
#ifndef IDLEBENCH_BENCH_PROBE_H
#define IDLEBENCH_BENCH_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/workload.h"

/* Variants per family (the sweeps are listed in each family's file). */
#define PROBE_ROB_VARIANTS 16    /* N = 16 32 48 64 96 128 160 192 224 256 320 384 448 512 640 768 */
#define PROBE_MLP_VARIANTS 5     /* k = 1 2 4 8 16 */
#define PROBE_STREAM_VARIANTS 1  /* stream_triad */
#define PROBE_SQ_VARIANTS 14     /* B = 8 16 24 32 40 48 56 64 80 96 112 128 160 192 */
/* Most variants any family has. */
#define PROBE_MAX_VARIANTS 16

/* The variants, in sweep order (registry order too). */
extern const struct workload probe_rob[PROBE_ROB_VARIANTS];
extern const struct workload probe_mlp[PROBE_MLP_VARIANTS];
extern const struct workload probe_stream[PROBE_STREAM_VARIANTS];
extern const struct workload probe_sq[PROBE_SQ_VARIANTS];

/* Where stream_triad's arrays a, b and c are in an arena it has set up
 * (for tests: their distances are not powers of two). */
void probe_stream_arrays(void *arena, double **a, double **b, double **c);

/* What a family's result is. */
enum probe_kind {
	PROBE_KNEE,       /* the parameter where cycles per iteration step up (rob, sq) */
	PROBE_PER_ACCESS, /* ns per load for each parameter (mlp) */
	PROBE_BANDWIDTH,  /* bytes moved per cycle and per second (stream) */
};

/* One family. */
struct probe_family {
	const char *name;                /* "rob", "mlp", "stream", "sq": workloads= word and record name */
	enum probe_kind kind;
	const struct workload *variants; /* count entries, parameter ascending */
	size_t count;
};

/* Number of families. */
size_t probe_family_count(void);

/* Family number index, or NULL past the end. */
const struct probe_family *probe_family_at(size_t index);

/* The family called name, or NULL. */
const struct probe_family *probe_family_find(const char *name);

/* A step must rise by at least this fraction of the value before it to be a
 * knee. Wong's curves double at the window (one miss per iteration becomes
 * two, +100 %); 25 % leaves room for a step spread over two sweep points and
 * for the filler's own cost, and stays far above the few-percent noise of a
 * median over repetitions. */
#define PROBE_KNEE_MIN_STEP 0.25

/* A knee, or why there is none. */
struct probe_knee {
	bool found;
	uint32_t knee;      /* found: the first parameter after the step (a step at 224: 224) */
	uint32_t at;        /* the parameter the largest step reached, found or not (0 if none) */
	double step_ratio;  /* that step above the baseline slope, over the value before it */
	const char *reason; /* not found: why, one line; found: NULL */
};

/* Find the knee of (param[i], value[i]), 4 <= n, param ascending, values > 0
 * (per-variant cycles per iteration): take the median slope between
 * neighbours as the baseline (the filler's own cost) and remove it; a step
 * between points i and i+1 (1 <= i, i + 2 < n: two points on each side) is
 * the lower of points i+1, i+2 minus the higher of points i-1, i (so it must
 * persist: one slow point, at an end of the sweep too, is no knee), or
 * between i and i+2 when point i+1 lies clearly between them (a step spread
 * over two intervals); the largest is the knee when it is at least
 * PROBE_KNEE_MIN_STEP of value[i]. The knee is the first parameter after the
 * step: the capacity lies between the sweep point before it and the knee. A flat or straight curve
 * (an emulator without an out-of-order window) has none. Returns out->found. */
bool probe_find_knee(const uint32_t *param, const double *value, size_t n, struct probe_knee *out);

/* A family's result, from its variants' medians. */
struct probe_summary {
	const struct probe_family *family;
	size_t points;                               /* variants that were measured */
	uint32_t param[PROBE_MAX_VARIANTS];          /* their parameters, ascending */
	double cycles_per_iter[PROBE_MAX_VARIANTS];  /* their medians */
	double ns_per_access[PROBE_MAX_VARIANTS];    /* mlp: ns / (probe_work_per_iter) */
	struct probe_knee knee;                      /* rob, sq */
	double bytes_per_cycle;                      /* stream: probe_work_per_iter / cycles_per_iter */
	double gb_s;                                 /* stream: bytes per ns */
};

/* Summarise family f from per-variant medians, indexed like f->variants:
 * cycles_per_iter[i] (TSC cycles) and ns_per_iter[i]; a variant that was not
 * measured has a value <= 0 or NaN in either and is left out. False (and a
 * knee with a reason) when nothing was measured. */
bool probe_summarize(const struct probe_family *f, const double *cycles_per_iter, const double *ns_per_iter,
		     struct probe_summary *out);

#endif

/* One boot's analysis: every estimate the kernel's summary prints and the
 * host report starts from, computed by one piece of freestanding code from
 * the samples of the boot indexed by repetition (stats/inference.h says why
 * the repetition is the unit: a block is one (rep, workload) with one sample
 * of every mode, taken moments apart).
 *
 *  - cells: per (workload, mode) the paired slowdown against the baseline,
 *    its two-sided p-value, Holm-adjusted over the family of per-workload
 *    cells (every workload x every non-baseline, non-control mode), and the
 *    minimum detectable effect;
 *  - classes: per (class, mode) the geometric-mean slowdown (int, fp, and
 *    all workloads together);
 *  - the primary result: the int and fp class geomeans of the primary mode
 *    (`mwait`, the seed's question) against the baseline;
 *  - the controls: the A/A arm (`hlt2`, the baseline's twin) must cover 0
 *    on its all-workload geomean; the spike-in (`spike`, the baseline with
 *    1 % more iterations) must cover +1 % on the geomean of the workloads
 *    whose iterations all cost the same (for the others 1 % more iterations
 *    is not exactly 1 % more work: bench/workload.h, uniform_iterations). */
#ifndef IDLEBENCH_STATS_ANALYSIS_H
#define IDLEBENCH_STATS_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "stats/inference.h"

/* Most workload and mode slots one analysis holds. */
#define ANALYSIS_MAX_WORKLOADS 80
#define ANALYSIS_MAX_MODES 16
/* No such mode (primary, A/A or spike absent). */
#define ANALYSIS_NONE ((size_t)-1)
/* The spike-in's known effect: 101 iterations of work per 100 counted. */
#define ANALYSIS_SPIKE_PCT 1.0
/* A control's interval counts as covering its known effect within this many
 * points, half the 0.01 resolution the stream prints: a deterministic run
 * (QEMU -icount) gives a zero-width interval, and the spike-in's +1 % is
 * exact only up to the fixed cost of the timing itself. */
#define ANALYSIS_RESOLUTION_PCT 0.005
/* A cell's median effective frequency differs from the baseline's when
 * they are more than this many per cent apart (`freq_differs=yes`). */
#define ANALYSIS_FREQ_DIFFERS_PCT 1.0
/* A cell's instructions per executed iteration differ from the baseline's
 * when more than this many per cent apart (`instr_differs=yes`): the work is
 * the same in every mode, so the count moves only by the bracket around the
 * timed region (< 0.01 % in samples of 10^6 instructions and more) and by SMM
 * code the PMU counts; 0.5 % is half the spike-in's known 1 %, so a mode that
 * silently ran 1 % more or less work is caught. */
#define ANALYSIS_INSTR_DIFFERS_PCT 0.5

/* The figures that motivated idlebench, beside which the primary result is
 * shown: Hygon family 18h, SMT2, a thread's slowdown in % with its sibling
 * in MWAIT-C1 rather than HLT (UnixBench single-core, SPEC CPU2017 intrate,
 * fprate). */
#define ANALYSIS_SEED_UNIXBENCH "14.53"
#define ANALYSIS_SEED_INTRATE "12.68"
#define ANALYSIS_SEED_FPRATE "19.73"

/* Class slots of analysis.cls. */
enum analysis_class {
	ANALYSIS_CLASS_INT,
	ANALYSIS_CLASS_FP,
	ANALYSIS_CLASS_ALL, /* every used workload, int, fp and others */
	ANALYSIS_CLASS_COUNT,
};

/* The samples of one boot. cpi[(w * modes + m) * reps + r] is the cycles
 * per iteration of workload slot w in mode slot m at measured repetition r;
 * a value <= 0 or NaN is missing (not taken, or its checksum was bad). */
struct analysis_input {
	size_t workloads, modes, reps; /* dimensions (<= the maxima above, reps <= STATS_MAX_REPS) */
	const double *cpi;
	const bool *workload_used;     /* [workloads] */
	const int *workload_class;     /* [workloads]: an enum analysis_class (INT or FP), or -1: in no class
	                                * geomean (not even all) nor the Holm family (the probes); the
	                                * controls still take it */
	const bool *mode_used;         /* [modes] */
	size_t baseline;               /* the mode every other is compared with (`hlt`) */
	size_t primary;                /* the primary result's mode (`mwait`), or ANALYSIS_NONE */
	size_t aa, spike;              /* the control modes (`hlt2`, `spike`), or ANALYSIS_NONE */
	const bool *spike_exact;       /* [workloads]: 1 % more iterations is exactly 1 % more work; NULL: all */
	const bool *mode_control;      /* [modes]: a control beside aa and spike (`busy`), kept out of the
	                                * Holm family; NULL: none */
	const double *core_cpi;        /* core cycles (ΔAPERF) per iteration, laid out like cpi; NULL or
	                                * <= 0 where not measured (no APERF: QEMU TCG, Bochs) */
};

/* One estimate and what the tables print beside it. */
struct analysis_cell {
	bool have;                  /* both modes used: s is meaningful */
	struct stats_slowdown s;
	double p;                   /* two-sided p of "no slowdown" (NaN without an interval) */
	double p_holm;              /* Holm-adjusted p over the family (cells only; NaN otherwise) */
	bool significant;           /* p_holm <= 0.05 */
	double mde_pct;             /* minimum detectable slowdown, % (NaN without an interval) */
};

/* A cell's time slowdown split into core clocks and frequency. The
 * measured thread never leaves C0, so ΔAPERF counts its core cycles at
 * whatever frequency it ran: a slowdown in core cycles per iteration is lost
 * work per clock (IPC), the rest is frequency (boost):
 * (1 + time slowdown) = (1 + core slowdown) x freq_ratio. */
struct analysis_clock {
	bool have;                  /* core cycles of both modes in every block the time estimate uses */
	struct stats_slowdown core; /* paired slowdown of core cycles per iteration ("paired-t") */
	double freq_ratio;          /* f(baseline) / f(mode) = exp(mean over blocks of d_time - d_core) */
};

/* A control's verdict. */
enum analysis_verdict {
	ANALYSIS_ABSENT,      /* the control mode was not measured */
	ANALYSIS_NO_INTERVAL, /* measured, but too few blocks for an interval */
	ANALYSIS_PASS,        /* its interval covers the known effect */
	ANALYSIS_FAIL,        /* it does not: the run is not to be trusted */
	ANALYSIS_UNINFORMATIVE, /* it covers the known effect, but is too wide to have failed where it
	                         * matters (the host report's rule, tools/report/report_summary.h;
	                         * the kernel's analysis_judge never gives it: no stream records it) */
};

/* The whole analysis of one boot. */
struct analysis {
	struct analysis_cell cell[ANALYSIS_MAX_WORKLOADS][ANALYSIS_MAX_MODES];
	struct analysis_clock clock[ANALYSIS_MAX_WORKLOADS][ANALYSIS_MAX_MODES]; /* with core_cpi only */
	struct analysis_cell cls[ANALYSIS_CLASS_COUNT][ANALYSIS_MAX_MODES];
	size_t cls_workloads[ANALYSIS_CLASS_COUNT]; /* workloads in each class */
	size_t family;              /* cells in the Holm family (those with a p-value) */
	struct analysis_cell aa_cell;    /* the A/A arm's all-workload geomean (what its verdict judges) */
	struct analysis_cell spike_cell; /* the spike-in's geomean over the spike_exact workloads */
	size_t spike_workloads;     /* how many workloads that is */
	enum analysis_verdict aa, spike;
	double primary_half_width_pct; /* the wider of the primary's int and fp 95 % half-widths
	                                * (stats_half_width_pct: the scale of precision=); NaN if
	                                * either lacks an interval */
};

/* Analyse one boot into a (large: keep it static). False, a untouched, when
 * the input is malformed (dimensions above the maxima, baseline out of range). */
bool analysis_run(const struct analysis_input *in, struct analysis *a);
/* Fill cell c from estimate s: p-value and minimum detectable effect when it
 * has an interval (NaN otherwise); p_holm NaN, not significant. */
void analysis_describe(struct analysis_cell *c, struct stats_slowdown s);
/* A control's verdict from its cell: ABSENT without an estimate, NO_INTERVAL
 * without an interval, else whether the interval, widened by
 * ANALYSIS_RESOLUTION_PCT, covers expected_pct. */
enum analysis_verdict analysis_judge(const struct analysis_cell *c, double expected_pct);
/* Whether effective frequencies f_mode and f_base (MHz, both > 0) differ by more
 * than ANALYSIS_FREQ_DIFFERS_PCT; false when either is not a positive number. */
bool analysis_freq_differs(double f_mode, double f_base);
/* A control's verdict as a word: "absent", "n/a", "pass", "fail", "uninformative". */
const char *analysis_verdict_name(enum analysis_verdict v);

/* The busy control's floor, a project choice (no source gives a figure):
 * two SMT threads share the core's issue, ALU and L1/L2 resources (Intel
 * SDM Vol. 3A 8.7 "Intel Hyper-Threading Technology Architecture", AMD
 * "Software Optimization Guide for AMD Family 17h" 2.1 "SMT"), so a
 * sibling computing an integer workload should cost the measured thread
 * clearly more than run-to-run noise; less than this on a pair taken for
 * siblings says the pair may not share a core. */
#define ANALYSIS_BUSY_MIN_PCT 5.0

/* The busy control's verdict (its all-workload geomean against hlt). */
enum analysis_busy_verdict {
	ANALYSIS_BUSY_ABSENT,            /* busy not measured, or no estimate */
	ANALYSIS_BUSY_NOT_JUDGED,        /* the parked CPU is not the measured CPU's sibling */
	ANALYSIS_BUSY_OK,                /* slowdown >= ANALYSIS_BUSY_MIN_PCT */
	ANALYSIS_BUSY_TOPOLOGY_SUSPECT,  /* less on a pair taken for SMT siblings */
};
/* The verdict from busy's cell c (its point estimate: an interval is not
 * needed to see that a marked slowdown is missing); siblings: the parked
 * CPU is the measured CPU's SMT sibling (placement=sibling). */
enum analysis_busy_verdict analysis_busy_judge(const struct analysis_cell *c, bool siblings);
/* "absent", "not_judged", "ok", "topology_suspect". */
const char *analysis_busy_verdict_name(enum analysis_busy_verdict v);
/* The class slot's name: "int", "fp", "all". */
const char *analysis_class_name(enum analysis_class c);

#endif

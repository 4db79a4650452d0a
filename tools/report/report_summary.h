/* What `idlebench report` computes for one comparable set of boots
 * (tools/report/report_pool.h), with the kernel's own freestanding code:
 *  - per boot, stats/analysis.c (the analysis the kernel's summary prints):
 *    paired log-ratio slowdowns per (workload, mode), class geomeans, Holm,
 *    MDE, the control verdicts;
 *  - across the boots of the set, per cell and class geomean a t interval
 *    over the boots' estimates (stats_across_boots, "boots-t"; one boot: its
 *    within-boot interval, labelled so), Holm-adjusted again over the same
 *    family (per-workload cells, neither the baseline nor the controls);
 *  - the variance components of the primary result and the repetitions per
 *    boot and boots a ±1 % answer needs (stats/planning.h);
 *  - per boot the carry-over check over the rows in measurement order and
 *    the mode-switch check (stats/order.h). */
#ifndef IDLEBENCH_TOOLS_REPORT_SUMMARY_H
#define IDLEBENCH_TOOLS_REPORT_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "stats/analysis.h"
#include "stats/order.h"
#include "stats/planning.h"
#include "tools/report/report_pool.h"

/* Time per boot the stream cannot see, assumed for planning when not given
 * (`--firmware-s`). setup_s counts from the TSC's reset, so it already holds
 * POST, the loader and idlebench's set-up; what it misses is the way from
 * the end of one run to the next reset (reboot, power cycle, a network boot's
 * wait), which depends on how boots are driven: 0 unless told. */
#define REPORT_DEFAULT_FIRMWARE_S 0.0
/* The precision the planning lines aim at: ±1 % on the primary result. */
#define REPORT_TARGET_HALF_WIDTH_PCT 1.0

/* Descriptive figures of one (workload, mode) over every boot of the set. */
struct report_figures {
	size_t n, bad;                  /* good samples, rows with check=bad (missing samples) */
	double median_cpi;              /* valid when n > 0 */
	bool have_eff, have_sib_c0, have_wake;
	double eff_mhz, sib_c0_pct;     /* medians of the non-empty fields */
	double wake_per_ms;             /* median of the samples' sibling wake-ups per ms (as sib_wakeups_per_ms) */
	bool have_ipc, have_instr;
	double ipc;                     /* median instructions per unhalted cycle (PMU) */
	double instr_per_iter;          /* median instructions per executed iteration (PMU) */
};

/* The carry-over check of one boot. */
struct report_carryover {
	bool checked;                   /* the check ran (else why says why not) */
	char why[96];
	struct stats_carryover c;       /* c.prev_mode is a mode slot here (not the check's index) */
};

/* The mode-switch check of one boot: the first sample after a mode change
 * against later ones of the same mode and workload (stats/order.h). */
struct report_mode_switch {
	bool checked;                   /* else why says why not */
	char why[96];
	struct stats_mode_switch m;
};

/* Planning from one primary class's boots. */
struct report_plan {
	bool have;                      /* >= 2 boots with an estimate: v is meaningful */
	struct stats_variance_components v;
	size_t reps_now;                /* mean blocks per boot, rounded */
	size_t optimal_reps;            /* stats_optimal_reps (0 without costs), at most max_reps */
	size_t max_reps;                /* the most the kernel's reps= takes (its option table) */
	bool capped;                    /* stats_optimal_reps asked more than max_reps: more boots instead */
	size_t boots_now, boots_optimal; /* stats_boots_needed for ±1 % at reps_now, at optimal_reps */
};

/* Everything the table and the chart print for one set. */
struct report_summary {
	size_t boots;
	bool have_baseline;             /* hlt measured: slowdowns exist */
	size_t primary;                 /* primary mode slot, or ANALYSIS_NONE */
	size_t aa, spike;               /* control mode slots, or ANALYSIS_NONE */
	size_t busy;                    /* the busy control's slot, or ANALYSIS_NONE */
	enum analysis_busy_verdict busy_verdict; /* its verdict over the set (placement=sibling judged) */
	bool busy_guest;                /* the set ran under a hypervisor: the verdict carries the emulator caveat */
	struct analysis *boot[REPORT_MAX_BOOTS];   /* each boot's own analysis */
	struct analysis *set;           /* across the boots (the one boot's when there is one) */
	struct report_figures fig[REPORT_WORKLOAD_SLOTS][REPORT_MODE_SLOTS];
	/* The PMU's slowdown: unhalted cycles per instruction against hlt, paired
	 * within a boot, boots-t across boots (status STATS_NO_DATA without a PMU). */
	struct stats_slowdown ipc[REPORT_WORKLOAD_SLOTS][REPORT_MODE_SLOTS];
	struct report_carryover carry[REPORT_MAX_BOOTS];
	struct report_mode_switch mode_switch[REPORT_MAX_BOOTS];
	/* Planning (set->... of the primary mode, int and fp). */
	double firmware_s;              /* the firmware assumption used */
	bool have_costs;                /* every boot has a `#! stop` record */
	double setup_s, boot_cost_s, rep_cost_s; /* mean setup_s; + firmware_s; mean elapsed_s / (rounds + warmup) */
	struct report_plan plan[2];     /* ANALYSIS_CLASS_INT, ANALYSIS_CLASS_FP */
	/* Each boot's own A/A and spike-in ([b][0], [b][1]) judged over the set's
	 * k >= 2 boots at boot_level = 1 - 0.05 / k each (Bonferroni): the set is
	 * flagged by a chance failure of one of its boots no more often than a
	 * single boot is by its own (5 % per control). boot[b]->aa and ->spike
	 * keep the verdict at 95 %, as the boot's stream recorded it. */
	enum analysis_verdict boot_verdict[REPORT_MAX_BOOTS][2];
	double boot_level;
};

/* Compute out for set s; false only when out of memory (out is then freed). */
bool report_summarize(const struct report_set *s, double firmware_s, struct report_summary *out);
/* Release what report_summarize allocated (out itself is the caller's). */
void report_summary_free(struct report_summary *out);
/* Whether workload w's instructions per iteration in mode m differ from
 * hlt's by more than ANALYSIS_INSTR_DIFFERS_PCT (1 yes, 0 no), or -1 where
 * that cannot be said (hlt itself, no counts, the spike-in of a workload
 * whose iterations do not all cost the same): one rule for the text table
 * and the HTML page. */
int report_instr_differs(const struct report_set *s, const struct report_summary *sum, size_t w, size_t m);
/* Whether cell (w, m) of s is in the Holm family: a measured mode other than
 * hlt and the controls, an int or fp workload (the probes are not). */
bool report_in_holm_family(const struct report_set *s, const struct report_summary *sum, size_t w, size_t m);
/* A control's verdict as the report gives it: analysis_judge's (the
 * kernel's rule: does the interval cover the known effect), except that an
 * interval which covers the known effect and also the effect it exists to
 * tell apart from it is ANALYSIS_UNINFORMATIVE, never a pass:
 *  - A/A (expected 0): the interval reaches a bias of REPORT_CONTROL_EFFECT_PCT
 *    either way (lo <= -1 % or hi >= +1 %): it cannot tell no bias from one
 *    as large as the smallest effect the instrument claims to resolve;
 *  - spike-in (expected +1 %): the interval also covers 0: it cannot tell the
 *    spike-in from nothing.
 * The rule reads the printed interval, so a reader can check it
 * (docs/statistics.md, "Controls"). */
#define REPORT_CONTROL_EFFECT_PCT ANALYSIS_SPIKE_PCT
enum analysis_verdict report_judge_control(const struct analysis_cell *c, double expected_pct);
/* Whether boot b of a set of several boots failed a control on its own
 * (its own analysis, judged at boot_level: boot_verdict); false for a set of
 * one boot, whose verdict is the set's. */
bool report_boot_failed(const struct report_summary *sum, size_t b);
/* True when a control of the set failed: over the pool (its interval misses
 * the known effect), or in any one boot of it on its own: pooling never
 * hides a boot's failed control; the user leaves that boot's file out to
 * report the others. */
bool report_untrustworthy(const struct report_summary *sum);
/* The i-th failed control of the set (the pool's A/A and spike-in, then each
 * boot's own, in boot order, as report_boot_failed judges them) as one
 * sentence without a trailing period, e.g. "boot 2 of 2 (FILE) failed its
 * own A/A control: hlt2 vs hlt shows -3.17 % [-5.77, -0.51], which excludes
 * the known 0.00 % (also at 97.50 %, Bonferroni over 2 boots)"; false (buf
 * "") when there are not that many. FILE is the file's basename. */
bool report_control_failure(const struct report_set *s, const struct report_summary *sum, size_t i, char *buf,
			    size_t size);
/* Whether boot b's own control (0 A/A, 1 spike-in) failed at 95 %, as its
 * stream's `#! control` record and its screen said, but holds at the set's
 * per-boot level (boot_level): the set is not marked for it (Bonferroni),
 * yet every view names it, so a boot's own recorded failure never vanishes. */
bool report_boot_failed_at_95_only(const struct report_summary *sum, size_t b, size_t control);
/* The i-th such control, in boot order, as one sentence without a trailing
 * period, e.g. "boot 2 of 2 (FILE) failed its own A/A control at 95 % (its
 * screen said FAIL - UNTRUSTWORTHY): hlt2 vs hlt shows 0.52 % [0.04, 0.99];
 * it holds at 97.50 % (Bonferroni over 2 boots), so the set is not marked";
 * false (buf "") when there are not that many. */
bool report_control_held(const struct report_set *s, const struct report_summary *sum, size_t i, char *buf,
			 size_t size);
/* The last part of path (after its last '/'): how the report names a file. */
const char *report_base_name(const char *path);

#endif

/* The summary of a run (one boot), from stats/analysis.c: per workload and
 * mode the median cycles per iteration with its spread and the paired
 * slowdown against `hlt` with its t interval over repetitions, Holm-adjusted
 * p and minimum detectable effect; per class the geometric mean; the primary
 * result (mwait vs hlt, int and fp) beside the seed's figures; the controls'
 * verdicts. Records `#! summary`, `#! geomean`, `#! primary`, `#! control`,
 * and tables for people. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_SUMMARY_H
#define IDLEBENCH_KERNEL_EXPERIMENT_SUMMARY_H

#include "core/experiment/plan.h"
#include "core/experiment/samples.h"
#include "core/stream/stream.h"

/* The primary result's mode: mwait when measured, else the first measured
 * mode other than hlt and the controls; IDLE_MODE_COUNT when there is none. */
enum idle_mode summary_primary_mode(const struct plan *p);
/* Metadata the summary's reading depends on: `primary_mode`, `intervals`. */
void summary_write_plan_meta(const struct plan *p, struct stream *s);
/* After a pilot of reps repetitions: the repetitions (Stein's two-stage
 * rule, stats/planning.h) that bring both classes of the primary result to a
 * 95 % half-width of half_width_pct; reps when there is nothing to aim at. */
unsigned summary_reps_for_precision(const struct plan *p, const struct sample_table *t, unsigned reps,
				    double half_width_pct);
/* Write the summary of t (reps measured repetitions) for plan p. */
void summary_write(const struct plan *p, const struct sample_table *t, unsigned reps, struct stream *s);
/* What the busy control's verdict needs, before summary_write: placement=
 * ("sibling": the parked CPU is taken for the measured CPU's SMT sibling)
 * and the `hypervisor` meta ("none" on bare metal). NULL is "". */
void summary_set_pair(const char *placement, const char *hypervisor);
/* The primary result's achieved half-width in % after summary_write ("" when
 * it has no interval). */
void summary_primary_half_width(char *buf, size_t size);

#endif

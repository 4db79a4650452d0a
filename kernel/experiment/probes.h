/* The mechanism probes' results per sibling state: for every probe family
 * (bench/probe.h) with a measured variant, and every measured mode, the
 * variants' median cycles per iteration become one `#! probe` result
 * (core/stream/probe_record.h): the ROB and store-queue knees, ns per
 * access per chain count, stream bandwidth. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_PROBES_H
#define IDLEBENCH_KERNEL_EXPERIMENT_PROBES_H

#include "core/experiment/plan.h"
#include "core/experiment/samples.h"
#include "core/stream/stream.h"

/* Write the `#! probe` records of plan's probes from the first reps measured
 * repetitions of t (nothing when the plan has no probe). */
void probes_write(const struct plan *plan, const struct sample_table *t, unsigned reps, struct stream *s);

#endif

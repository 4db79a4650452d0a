/* The summary of a run: per workload and mode the median cycles per
 * iteration with its spread and the slowdown against `hlt` with a 95 %
 * bootstrap interval; per class the geometric mean; beside them the seed's
 * figures. Records `#! summary`, `#! geomean`, and a table for people. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_SUMMARY_H
#define IDLEBENCH_KERNEL_EXPERIMENT_SUMMARY_H

#include "kernel/experiment/plan.h"
#include "kernel/experiment/samples.h"
#include "kernel/stream/stream.h"

/* Write the summary of t for plan p. */
void summary_write(const struct plan *p, const struct sample_table *t, struct stream *s);

#endif

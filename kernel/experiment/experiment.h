/* The experiment (`run=all`): calibrate each workload, take the planned
 * samples with the parked CPUs in each mode, write one data row per sample,
 * then the summary. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_EXPERIMENT_H
#define IDLEBENCH_KERNEL_EXPERIMENT_EXPERIMENT_H

#include <stdbool.h>

#include "core/experiment/plan.h"
#include "kernel/mm/phys_alloc.h"
#include "kernel/platform/platform.h"
#include "core/stream/stream.h"

/* Run the plan; false if it could not complete (reported on s). */
bool experiment_run(const struct plan *plan, const struct platform *p, const struct plan_conditions *cond,
		    struct phys_alloc *phys, struct stream *s);

#endif

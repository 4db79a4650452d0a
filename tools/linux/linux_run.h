/* One `idlebench linux` run: the measured thread pinned (SCHED_FIFO where
 * permitted, memory locked), the parked CPU's idle state chosen through
 * cpuidle sysfs per mode, the kernel's plan, order and statistics
 * (core/experiment/plan.c, core/experiment/summary.c over
 * stats/analysis.c), every sample proven from the parked CPU's residency
 * counters (tools/linux/linux_proof.h), the kernel's stream, and every sysfs
 * value put back (tools/linux/linux_restore.h). */
#ifndef IDLEBENCH_TOOLS_LINUX_RUN_H
#define IDLEBENCH_TOOLS_LINUX_RUN_H

#include <stdio.h>

#include "tools/linux/linux_cpuidle.h"
#include "tools/linux/linux_options.h"
#include "tools/linux/linux_topology.h"

/* Run the plan of c on the CPUs of t (ci: the parked CPU's states), the
 * stream to out. Returns the exit status: 0 (status=ok), 1. */
int linux_run(const struct linux_config *c, const struct linux_root *r, const struct linux_topology *t,
	      const struct linux_cpuidle *ci, FILE *out);

#endif

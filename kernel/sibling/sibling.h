/* Sibling control from the measured CPU: start the CPUs to park (the SMT
 * siblings of the measured CPU and/or a control CPU on another core), command
 * them into idle modes, verify they got there, and measure wake latency. */
#ifndef IDLEBENCH_KERNEL_SIBLING_SIBLING_H
#define IDLEBENCH_KERNEL_SIBLING_SIBLING_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/mm/phys_alloc.h"
#include "kernel/options.h"
#include "kernel/platform/platform.h"
#include "kernel/sibling/idle_mode.h"
#include "kernel/stream/stream.h"

/* Most CPUs parked at once (SMT4 siblings plus a control CPU fit). */
#define SIBLING_MAX_PARKED 8

/* Bring up the CPUs to park per `placement=` and report them as metadata.
 * False on a fatal problem (already reported as an error record). */
bool sibling_bringup(const struct platform *p, const struct options *o, struct phys_alloc *phys,
		     struct stream *s);
/* NULL when mode can run here, else why not (for `#! mode … status=skipped`). */
const char *sibling_mode_unavailable(enum idle_mode mode);
/* Command every parked CPU into mode and wait for all acknowledgments (each
 * CPU gets timeout_us). Returns the number of CPUs that timed out; their APIC
 * IDs are reported on s. */
unsigned sibling_set_mode(enum idle_mode mode, uint64_t timeout_us, struct stream *s);
/* The `run=siblings` check: every selected mode entered, acknowledged and
 * verified once, and its wake latency. False if any CPU failed to answer. */
bool sibling_check_modes(const struct options *o, struct stream *s);

#endif

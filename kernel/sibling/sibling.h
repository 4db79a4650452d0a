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
 * verified once, and its wake latency. False if any CPU failed to answer.
 * *usable gets the modes (bit = enum idle_mode) that passed. */
bool sibling_check_modes(const struct options *o, struct stream *s, uint32_t *usable);

/* What the parked CPUs report about the interval since their last command. */
struct sibling_observation {
	unsigned cpus;           /* parked CPUs that answered */
	uint64_t wakeups;        /* returns from the idle instruction, all CPUs */
	bool c0_known;           /* APERF/MPERF available */
	uint32_t c0_permille;    /* mean C0 share over that interval */
};

/* Ping every parked CPU in the current mode (outside any timed region) and
 * collect what they report for the interval since the previous command. */
bool sibling_observe(struct sibling_observation *out, struct stream *s);
/* Number of CPUs currently parked (0: no sibling activity to report). */
unsigned sibling_parked_count(void);

#endif

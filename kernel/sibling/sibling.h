/* Sibling control from the measured CPU: start the CPUs to park (the SMT
 * siblings of the measured CPU and/or a control CPU on another core) and
 * command them into idle modes (sibling.c); verify they got there and
 * measure wake latency (sibling_check.c). */
#ifndef IDLEBENCH_KERNEL_SIBLING_SIBLING_H
#define IDLEBENCH_KERNEL_SIBLING_SIBLING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/mm/phys_alloc.h"
#include "kernel/platform/platform.h"
#include "kernel/fault/selftest.h"
#include "core/sibling/idle_mode.h"
#include "core/sibling/placement.h"
#include "core/stream/stream.h"

/* Most CPUs parked at once (SMT4 siblings plus a control CPU fit). */
#define SIBLING_MAX_PARKED 8

/* What the bring-up needs from the run configuration. */
struct sibling_config {
	enum placement placement; /* which CPUs to park */
	uint32_t mwait_hint;      /* MWAIT EAX for mode mwait */
	enum selftest selftest;   /* the sibling-ud variants fault on a parked CPU */
	bool busy;                /* mode busy may run: each parked CPU gets a load arena */
};

/* Bring up the CPUs to park per c->placement and report them as metadata.
 * The measured CPU's APIC must be set up (measured_cpu_quiet). False on a
 * fatal problem (already reported as an error record). */
bool sibling_bringup(const struct platform *p, const struct sibling_config *c, struct phys_alloc *phys,
		     struct stream *s);
/* Parked CPUs whose first command needed more than the NMI (restarted,
 * faulted or silent; each has an error record): nonzero ends the run in error. */
unsigned sibling_bringup_failures(void);
/* NULL when mode can run here, else why not (for `#! mode … status=skipped`). */
const char *sibling_mode_unavailable(enum idle_mode mode);
/* The `#! mode name=ioport` record's fields for what the port read enters:
 * " c2_kind=<kind> c2_trapped=yes|no" and, with_note, the " c2_note=" that
 * says what c2port= forced (docs/stream-format.md). */
const char *sibling_ioport_fields(bool with_note);
/* Command every parked CPU into mode and wait for all acknowledgments (each
 * CPU gets timeout_us). Returns the number of CPUs that timed out; their APIC
 * IDs are reported on s. */
unsigned sibling_set_mode(enum idle_mode mode, uint64_t timeout_us, struct stream *s);
/* The `run=siblings` check of the modes in mask (bit = enum idle_mode):
 * each entered, acknowledged and verified once, and its wake latency. False
 * if any CPU failed to answer. *usable gets the modes that passed. */
bool sibling_check_modes(uint32_t mask, struct stream *s, uint32_t *usable);

/* What the parked CPUs report about the interval since their last command. */
struct sibling_observation {
	unsigned cpus;           /* parked CPUs that answered */
	uint64_t wakeups;        /* returns from the idle instruction, all CPUs */
	bool c0_known;           /* APERF/MPERF available */
	uint32_t c0_permille;    /* mean C0 share over that interval */
	uint64_t busy_rounds;    /* mode busy: checked rounds finished in it, all CPUs */
	uint64_t busy_bad;       /* ... of which computed a wrong checksum (each has an error record) */
};

/* Ping every parked CPU in the current mode (outside any timed region) and
 * collect what they report for the interval since the previous command. */
bool sibling_observe(struct sibling_observation *out, struct stream *s);
/* Mode busy's rounds between the parked CPUs' last two acknowledgments
 * into out->busy_rounds and out->busy_bad (all CPUs; 0 outside busy). */
void sibling_busy_counts(struct sibling_observation *out);
/* The APIC IDs placement= chose to park (started or not), into *ids; returns the count. */
size_t sibling_chosen_apic_ids(const uint32_t **ids);
/* Number of CPUs currently parked (0: no sibling activity to report). */
/* At the end of the run: command every parked CPU into off, so each writes
 * its AMD extended LVTs back as found before the INIT that stops it (the
 * hand-back); the number of CPUs that did not answer (error records). */
unsigned sibling_release(struct stream *s);
unsigned sibling_parked_count(void);

#endif

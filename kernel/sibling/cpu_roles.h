/* What each CPU of the machine does during a run (freestanding, host-tested):
 * the measured CPU; the CPUs `placement=` parks and commands into the idle
 * modes; the measured CPU's own SMT siblings that placement does not park
 * (`placement=other-core`), held in HLT; and the others, whose state the
 * `others=` option sets. */
#ifndef IDLEBENCH_KERNEL_SIBLING_CPU_ROLES_H
#define IDLEBENCH_KERNEL_SIBLING_CPU_ROLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The state of the other CPUs (the `others=` option, values in this order). */
enum others_mode {
	OTHERS_LEAVE, /* not touched: the firmware's loop (or wait-for-SIPI) */
	OTHERS_HLT,   /* started and parked in HLT, as a parked CPU in mode hlt */
	OTHERS_OFF,   /* INIT: wait-for-SIPI */
	OTHERS_LOAD,  /* started and running an integer workload until the run ends */
	OTHERS_MODE_COUNT,
};

/* The name on the command line and in the meta ("hlt"), "?" out of range. */
const char *others_mode_name(enum others_mode m);

/* What the split needs: APIC IDs, each list without duplicates. */
struct cpu_roles_input {
	uint32_t bench_apic;        /* the measured CPU */
	const uint32_t *siblings;   /* its SMT siblings */
	size_t sibling_count;
	const uint32_t *parked;     /* the CPUs placement= parks */
	size_t parked_count;
	const uint32_t *enabled;    /* every enabled CPU (MADT), ascending */
	size_t enabled_count;
};

/* The split: held = the measured CPU's siblings that are not parked (held in
 * HLT), others = every enabled CPU that is neither measured, parked nor held;
 * both ascending. Returns false (lists cut at their cap) when one does not fit. */
bool cpu_roles_split(const struct cpu_roles_input *in, uint32_t *held, size_t held_cap, size_t *held_count,
		     uint32_t *others, size_t others_cap, size_t *others_count);

#endif

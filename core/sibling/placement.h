/* Which CPUs a run parks (the `placement=` option): the SMT sibling(s) of the
 * measured CPU, a CPU on another core as a control, or both. */
#ifndef IDLEBENCH_KERNEL_SIBLING_PLACEMENT_H
#define IDLEBENCH_KERNEL_SIBLING_PLACEMENT_H

/* In the order of the option's values "sibling|other-core|both". */
enum placement {
	PLACEMENT_SIBLING,
	PLACEMENT_OTHER_CORE,
	PLACEMENT_BOTH,
	PLACEMENT_COUNT,
};

/* The name used on the command line, in the meta and the CSV ("other-core"). */
const char *placement_name(enum placement p);

#endif

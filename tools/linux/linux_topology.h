/* Which CPU `idlebench linux` measures and which it parks, from sysfs
 * topology (Documentation/ABI/stable/sysfs-devices-system-cpu): the online
 * mask, each CPU's core_cpus_list (thread_siblings_list before Linux 5.7)
 * and smt/control, which says why a CPU has no sibling. */
#ifndef IDLEBENCH_TOOLS_LINUX_TOPOLOGY_H
#define IDLEBENCH_TOOLS_LINUX_TOPOLOGY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/sibling/placement.h"
#include "tools/linux/linux_sysfs.h"

/* Most CPUs a CPU list may name. */
#define LINUX_CPUS_MAX 1024

/* A set of CPU numbers. */
struct linux_cpuset {
	uint64_t bits[LINUX_CPUS_MAX / 64];
};

/* Parse a sysfs CPU list ("0-3,8,10-11"; empty = no CPU); false when malformed. */
bool linux_cpulist_parse(const char *text, struct linux_cpuset *out);
/* Whether cpu is in s. */
bool linux_cpuset_has(const struct linux_cpuset *s, int cpu);
/* The lowest CPU in s above `after` (-1 to start), -1 when none. */
int linux_cpuset_next(const struct linux_cpuset *s, int after);

/* Most CPUs a run parks (placement=both: the sibling and the other core's CPU). */
#define LINUX_PARKED_MAX 4

/* The CPUs of a run. */
struct linux_topology {
	int measured;      /* the CPU the workloads run on */
	int parked;        /* the first parked CPU, whose cpuidle states are read (-1: none, see why) */
	int parked_cpus[LINUX_PARKED_MAX]; /* every CPU whose idle state is chosen, parked first */
	size_t parked_count;
	int siblings;      /* online SMT siblings of the measured CPU (itself excluded) */
	char smt_control[32]; /* smt/control ("" when the file is absent) */
	char siblings_file[24]; /* "core_cpus_list" or "thread_siblings_list" */
	char why[320];     /* parked == -1: why, in words the user can act on */
};

/* Pick the CPUs for placement: cpu (>= 0) or, with -1, the first online CPU
 * with an online SMT sibling (for other-core without one: the first online
 * CPU); parked = its first online sibling (sibling), the first online CPU
 * outside its core (other-core), or both of them (both: as the kernel's
 * placement=both, core/sibling/placement.h, the sibling and a CPU on another
 * core; refused without a sibling, where it would be other-core). False
 * with why filled when the topology cannot be read or cpu is not online;
 * true with parked = -1, parked_count = 0 and why when there is no CPU to park. */
bool linux_topology_pick(const struct linux_root *r, int cpu, enum placement placement, struct linux_topology *t);
/* The parked CPUs as a list for the stream ("1,2"; "" when none). */
void linux_topology_parked_text(const struct linux_topology *t, char *out, size_t size);

#endif

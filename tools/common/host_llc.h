/* The last-level cache of the CPU `idlebench bench` runs on, for sizing the
 * probes' arenas (bench/probe.h). */
#ifndef IDLEBENCH_TOOLS_HOST_LLC_H
#define IDLEBENCH_TOOLS_HOST_LLC_H

#include <stdbool.h>
#include <stdint.h>

/* The LLC's size and where it came from. */
struct host_llc {
	uint64_t bytes;     /* 0: unknown */
	const char *source; /* "cpuid.04", "cpuid.8000001d", "cpuid.80000006" (platform/cpu/cache_info.c),
	                     * "sysfs" (Linux's cache/index* of the CPU) or "none" */
};

/* Read the LLC of Linux CPU cpu. On bare metal from CPUID, the kernel's
 * decoder; under a hypervisor, whose CPUID cache leaves describe whatever
 * virtual CPU it configured, from Linux's sysfs first (what the guest kernel
 * reports, e.g. from the host's topology), CPUID when sysfs has nothing. */
void host_llc_read(int cpu, bool hypervisor, struct host_llc *out);

#endif

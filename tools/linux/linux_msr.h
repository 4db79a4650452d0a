/* APERF/MPERF of the measured CPU through Linux's msr driver
 * (arch/x86/kernel/msr.c: pread at the MSR's number on /dev/cpu/N/msr), for
 * the `aperf`, `mperf` and `eff_mhz` cells of `idlebench linux`. */
#ifndef IDLEBENCH_TOOLS_LINUX_MSR_H
#define IDLEBENCH_TOOLS_LINUX_MSR_H

#include <stdbool.h>
#include <stdint.h>

#include "tools/linux/linux_sysfs.h"

struct linux_msr {
	int fd;            /* -1: none */
	char why[160];     /* fd < 0: why (the `aperfmperf` meta) */
};

/* Open cpu's msr device under r and read MPERF once; fd < 0 and why filled
 * when the CPU has no APERF/MPERF or the device cannot be read. */
void linux_msr_open(struct linux_msr *m, const struct linux_root *r, int cpu);
/* Both counters now; false when not open or a read failed. */
bool linux_msr_read(const struct linux_msr *m, uint64_t *aperf, uint64_t *mperf);

#endif

/* The per-sample hardware counters beside the TSC: APERF/MPERF (effective
 * frequency) and RAPL energy. Existence is decided by CPUID, never by a
 * successful read (QEMU TCG reads unknown MSRs as 0). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_COUNTERS_H
#define IDLEBENCH_KERNEL_EXPERIMENT_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/platform/platform.h"

/* One reading. */
struct counters {
	uint64_t aperf, mperf;
	uint64_t energy;      /* raw RAPL package energy-status units (32-bit counter) */
	uint64_t core_energy; /* raw RAPL core energy-status units of the measured CPU's core (32-bit) */
};

/* Which counters exist here, and the RAPL energy unit. */
struct counter_set {
	bool aperfmperf;
	bool energy;
	uint32_t energy_msr;
	double energy_unit_uj; /* microjoules per count */
	const char *energy_scope; /* "core", "package" */
	bool core_energy;         /* the measured core's RAPL energy (AMD/Hygon C001_029A) */
	const char *energy_none;  /* why there is no RAPL energy, when energy is false */
};

/* Decide from CPUID (and the RAPL unit MSR) what can be read. */
void counters_detect(const struct platform *p, struct counter_set *set);
/* Read the counters that exist (others read 0). */
void counters_read(const struct counter_set *set, struct counters *out);
/* Microjoules between two package energy readings (handles one 32-bit wrap). */
double counters_energy_uj(const struct counter_set *set, const struct counters *a, const struct counters *b);
/* Microjoules between two core energy readings (handles one 32-bit wrap). */
double counters_core_energy_uj(const struct counter_set *set, const struct counters *a, const struct counters *b);

#endif

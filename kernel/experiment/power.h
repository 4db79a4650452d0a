/* Power per idle mode from RAPL energy (freestanding, host-tested): the
 * package and the measured core's energy summed over the samples long
 * enough to trust, divided by their time. A RAPL counter moves in steps, one
 * per update (about every millisecond on AMD/Hygon), so a sample shorter than
 * POWER_RELIABLE_UPDATES updates carries up to one step of error in ten or
 * more; such samples are counted but left out of the watts. */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_POWER_H
#define IDLEBENCH_KERNEL_EXPERIMENT_POWER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/sibling/idle_mode.h"
#include "core/stream/stream.h"

/* The RAPL update period: AMD PPR for family 17h (and Hygon 18h) gives about
 * 1 ms for the energy status MSRs. */
#define POWER_RAPL_UPDATE_US 1000
/* Updates a sample must span for its energy to count. */
#define POWER_RELIABLE_UPDATES 10

/* One mode's sums. */
struct power_mode {
	unsigned samples;        /* measured samples seen */
	unsigned short_samples;  /* of them, shorter than POWER_RELIABLE_UPDATES updates (left out) */
	uint64_t ns;             /* time of the samples that count */
	double package_uj, core_uj;
};

/* A run's sums; which energies exist here (RAPL package, core) and why none do. */
struct power_table {
	bool package, core;
	const char *why_none;    /* reason when neither exists, e.g. "no RAPL (…)" */
	struct power_mode mode[IDLE_MODE_COUNT];
};

/* True when a sample of ns nanoseconds spans at least POWER_RELIABLE_UPDATES RAPL updates. */
bool power_sample_reliable(uint64_t ns);
/* Watts from microjoules over ns nanoseconds; NaN when ns is 0. */
double power_watts(double uj, uint64_t ns);
/* Add one measured sample of mode m (energies in µJ; ignored where t says they do not exist). */
void power_account(struct power_table *t, enum idle_mode m, uint64_t ns, double package_uj, double core_uj);
/* One `#! power` record per mode in modes (bit = enum idle_mode) and a line for people. */
void power_write(const struct power_table *t, uint32_t modes, struct stream *s);

#endif

/* Is this CPU left alone? Read the TSC back to back for a while and count
 * the gaps between consecutive reads that are far longer than a read: each
 * is time the CPU spent elsewhere (an interrupt handler, SMM, an NMI, a
 * hypervisor exit). Run with the firmware's interrupts live (the UEFI
 * application, before it takes the CPU over) and again with IF = 0 and every
 * LVT entry masked as during samples, it shows what the takeover removes and
 * what remains (SMIs and NMIs cannot be masked). */
#ifndef IDLEBENCH_KERNEL_TIME_QUIET_PROBE_H
#define IDLEBENCH_KERNEL_TIME_QUIET_PROBE_H

#include <stdbool.h>
#include <stdint.h>

/* Probe length and gap threshold in TSC ticks: fixed, because the UEFI
 * front end probes before the TSC is calibrated (2^27 ticks is 45-130 ms
 * and 2^14 ticks 5-16 us for a 1-3 GHz TSC; the report converts both). */
#define QUIET_PROBE_TICKS     (1ull << 27)
#define QUIET_PROBE_THRESHOLD (1ull << 14)

/* One probe's result. */
struct quiet_probe {
	bool done;
	bool interrupts_enabled; /* RFLAGS.IF during the probe */
	uint64_t ticks;          /* TSC ticks covered */
	uint64_t reads;          /* TSC reads */
	uint64_t gaps;           /* gaps >= QUIET_PROBE_THRESHOLD ticks */
	uint64_t gap_ticks;      /* their total */
	uint64_t max_gap;        /* the largest gap, ticks */
};

/* Probe for QUIET_PROBE_TICKS with the interrupt flag as the caller left it. */
void quiet_probe_run(struct quiet_probe *q);

struct stream;
/* The `#! quiet when=…` record of a finished probe, in microseconds and
 * nanoseconds of the calibrated TSC; nothing when the probe did not run or
 * the TSC rate is unknown. */
void quiet_probe_report(struct stream *s, const char *when, const struct quiet_probe *q);

#endif

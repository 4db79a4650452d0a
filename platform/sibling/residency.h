/* Whether what a parked CPU says about its idleness can be believed: its C0
 * residency only when MPERF is seen counting, and a verdict on a mode's
 * dwell (idle, or busy in disguise). Freestanding: the parked CPU feeds in
 * raw MPERF/TSC readings (kernel/sibling/park.c), the check reads the
 * verdicts (sibling_check.c), the host tests them. */
#ifndef IDLEBENCH_PLATFORM_SIBLING_RESIDENCY_H
#define IDLEBENCH_PLATFORM_SIBLING_RESIDENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a busy loop saw of MPERF (MSR 0xE7), which counts at the TSC rate in
 * C0 only (Intel SDM Vol. 3B 15.2; AMD APM Vol. 2 17.3). The values are the
 * mailbox's mperf_state (0 = not probed yet). */
enum mperf_state {
	MPERF_UNPROBED = 0, /* the parked CPU has not looked yet */
	MPERF_COUNTING,     /* advanced at >= MPERF_MIN_BUSY_PERMILLE of the TSC while busy */
	MPERF_ABSENT,       /* CPUID.06H:ECX[0] clear */
	MPERF_FAULTS,       /* RDMSR 0xE7 raised #GP */
	MPERF_STUCK,        /* read back the same value twice (QEMU TCG, Bochs: 0) */
	MPERF_SLOW,         /* advanced, but far slower than the TSC while busy */
	MPERF_STATE_COUNT,
};

/* A busy loop is all C0: MPERF must keep at least this share of the TSC
 * (it counts at the TSC rate in C0: Intel's at the TSC frequency, AMD's at
 * P0's, which the TSC runs at with TscFreqSel). 90 %: the readings around
 * the loop cost a little; an MPERF at 60 % of the TSC would understate
 * every residency by as much, and is not trusted. */
#define MPERF_MIN_BUSY_PERMILLE 900u

/* Judge MPERF from two readings around a busy loop (m0/tsc0 before, m1/tsc1
 * after). has_cpuid: CPUID.06H:ECX[0]; faulted: a read raised #GP. */
enum mperf_state mperf_judge(bool has_cpuid, bool faulted, uint64_t m0, uint64_t m1, uint64_t tsc0,
			     uint64_t tsc1);
/* Why C0 residency is or is not reported, for the meta and the records
 * ("MPERF not counting: ..."); never NULL. */
const char *mperf_state_text(enum mperf_state st);

/* The verdict over all parked CPUs, folded one CPU at a time (acc is the
 * verdict over CPUs 0..i-1, st CPU i's own, from its mailbox; acc is unused
 * for i == 0): counting only when every CPU saw its own MPERF count, else
 * the first CPU's reason that did not. Each parked CPU probes its own MPERF
 * (one that is stuck or faults on one core says nothing of another's). */
enum mperf_state mperf_fold(enum mperf_state acc, size_t i, enum mperf_state st);

/* c0_permille when it cannot be known (same value as MAILBOX_C0_UNKNOWN). */
#define RESIDENCY_UNKNOWN 0xFFFFFFFFu

/* C0 share in permille of an interval from its MPERF and TSC deltas,
 * clamped to 1000; RESIDENCY_UNKNOWN when st is not MPERF_COUNTING or the
 * interval is empty. */
uint32_t residency_c0_permille(enum mperf_state st, uint64_t d_mperf, uint64_t d_tsc);

/* A mode meant to idle the parked CPU is not idle when its dwell shows more
 * than IDLE_MAX_WAKEUPS_PER_S returns from the idle instruction (100 in the
 * 20 ms dwell: the CPU keeps coming back, it does not sleep) or a C0 share
 * above IDLE_MAX_C0_PERMILLE (only where MPERF counts). */
#define IDLE_MAX_WAKEUPS_PER_S 5000u
#define IDLE_MAX_C0_PERMILLE 500u

/* NULL when a dwell of dwell_us is idle on every parked CPU: worst_wakeups
 * = the most returns any one CPU made, worst_c0_permille = the highest C0
 * share any one CPU had (RESIDENCY_UNKNOWN: not known); else why not,
 * written into why (why_size >= 1). The worst CPU, not the mean: one busy
 * CPU among idle ones is a mode that does not idle. */
const char *idleness_judge(uint64_t worst_wakeups, uint64_t dwell_us, uint32_t worst_c0_permille, char *why,
			   size_t why_size);

#endif

/* The proof that the parked CPU sat in the chosen cpuidle state during one
 * sample, from the deltas of every state's usage and time. cpuidle updates
 * both when a state is left (drivers/cpuidle/cpuidle.c,
 * cpuidle_enter_state), so the run wakes the parked CPU just before the
 * first reading and just after the sample (tools/linux/cmd_linux.c): the idle
 * period that spans the sample is then accounted inside the window, and
 * that closing wake-up is one of the chosen state's exits. */
#ifndef IDLEBENCH_TOOLS_LINUX_PROOF_H
#define IDLEBENCH_TOOLS_LINUX_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The verdict on one sample. */
enum linux_proof_verdict {
	PROOF_OK,          /* only the chosen state was used, and it held the CPU */
	PROOF_OTHER_STATE, /* another state's usage moved: something re-enabled it */
	PROOF_BUSY,        /* the chosen state held the CPU for less than half the window: a task ran on it */
	PROOF_BAD_CHECKSUM, /* mode busy: the busy thread computed a wrong checksum (linux_busy.h) */
	PROOF_VERDICTS,
};

/* What one sample's deltas say. */
struct linux_proof {
	enum linux_proof_verdict verdict;
	double c0_pct;      /* 100 - the chosen state's share of the window */
	uint64_t wakeups;   /* the chosen state's exits, less the run's own closing wake-up */
	uint64_t other_usage; /* entries of the other states */
};

/* Judge a window of window_ns between two readings (before, after) of
 * count states' usage and time (us), chosen the state that should hold. */
void linux_proof_judge(const uint64_t usage0[], const uint64_t time0[], const uint64_t usage1[],
		       const uint64_t time1[], size_t count, size_t chosen, uint64_t window_ns,
		       struct linux_proof *out);
/* One sample's proof over several parked CPUs (placement=both): the
 * sample holds only when every CPU's does, so the verdict is the first
 * failing CPU's (its index in *failed, -1 when none failed); c0_pct the
 * highest of them (the least idle CPU: the one a reader must trust),
 * wakeups and other_usage their sums. n >= 1. */
void linux_proof_combine(const struct linux_proof each[], size_t n, struct linux_proof *out, int *failed);
/* The verdict's name in the stream: ok, other_state, busy, bad_checksum. */
const char *linux_proof_verdict_name(enum linux_proof_verdict v);

#endif

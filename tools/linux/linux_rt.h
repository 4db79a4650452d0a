/* The kernel's RT bandwidth limit and the measured thread under it.
 *
 * A SCHED_FIFO thread may run at most sched_rt_runtime_us of every
 * sched_rt_period_us on its CPU (Linux: kernel/sched/rt.c,
 * sched_rt_runtime_exceeded(); defaults 950000 of 1000000, and -1 lifts the
 * limit; Documentation/scheduler/sched-rt-group.rst). Past it the thread is
 * throttled: taken off the CPU until the period ends. Measured here, as
 * root: `chrt -f 1` on a 9.8 s loop took 10.29 s of wall time against
 * 9.83 s under SCHED_OTHER, and workload samples of 50 ms back to back
 * gave one sample in 20 (one a second) 20-23 ms longer than the rest.
 *
 * So the measured thread paces itself: after a stretch of d ns awake it
 * sleeps long enough that no period can hold more than the runtime, and
 * it takes SCHED_FIFO only when samples are short enough for that pause to
 * stay small. A command (`-- COMMAND`) runs SCHED_OTHER: one run of it can
 * outlast the runtime, and its children must run when it forks them. */
#ifndef IDLEBENCH_TOOLS_LINUX_LINUX_RT_H
#define IDLEBENCH_TOOLS_LINUX_LINUX_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum linux_rt_kind {
	LINUX_RT_LIMITED,   /* runtime_ns of every period_ns */
	LINUX_RT_UNLIMITED, /* sched_rt_runtime_us = -1 */
	LINUX_RT_UNKNOWN,   /* not read: text says why */
};

struct linux_rt_budget {
	enum linux_rt_kind kind;
	uint64_t runtime_ns, period_ns;
	char text[160]; /* the meta value: "950000/1000000 us", "unlimited", "unknown (why)" */
};

/* From the two files' texts (NULL: not readable; why_missing says which). */
void linux_rt_budget_parse(const char *runtime_us, const char *period_us, const char *why_missing,
			   struct linux_rt_budget *b);
/* From /proc/sys/kernel/sched_rt_runtime_us and sched_rt_period_us. */
void linux_rt_budget_read(struct linux_rt_budget *b);

/* The pause after awake_ns of running under SCHED_FIFO that keeps every
 * period within the runtime when the pattern repeats: with d awake and s
 * asleep, a period holds at most (P / (d + s) + 1) * d, which is <= R when
 * s >= d * (P - R + d) / (R - d). 0 when unlimited; an unknown limit is
 * taken as the default 950000/1000000 us; at d >= R, one whole period. */
uint64_t linux_rt_pace_ns(const struct linux_rt_budget *b, uint64_t awake_ns);

/* Whether samples of sample_ms can run under SCHED_FIFO: their pause is at
 * most a quarter of the sample (under the defaults, samples up to 150 ms).
 * When not, *why (size bytes) says so. */
bool linux_rt_fifo_fits(const struct linux_rt_budget *b, unsigned sample_ms, char *why, size_t size);

#endif

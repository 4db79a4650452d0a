/* The kernel's RT limit and the measured thread under it.
 *
 * A SCHED_FIFO thread may run at most sched_rt_runtime_us of every
 * sched_rt_period_us on its CPU (Linux: kernel/sched/rt.c,
 * sched_rt_runtime_exceeded(); defaults 950000 of 1000000, -1 lifts the
 * limit; Documentation/scheduler/sched-rt-group.rst). Past it the thread
 * is throttled: taken off the CPU until the period ends. Measured here, as
 * root on Linux 6.18: `chrt -f 1` on a 9.8 s loop took 10.29 s of wall
 * time against 9.83 s under SCHED_OTHER, and workload samples of 50 ms back
 * to back gave 4 of 80 samples (one a second) 20-23 ms longer than the rest.
 *
 * So the measured thread paces itself: after running d ns of CPU time it
 * sleeps long enough that no period can hold more than the runtime, and it
 * takes SCHED_FIFO only when samples are short enough for that pause to
 * stay small. A command (`-- COMMAND`) runs SCHED_OTHER: one run of it can
 * outlast the runtime, and its children must run when it forks them. */
#ifndef IDLEBENCH_TOOLS_LINUX_LINUX_RT_H
#define IDLEBENCH_TOOLS_LINUX_LINUX_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum linux_rt_kind {
	LINUX_RT_LIMITED,   /* runtime_ns of every period_ns */
	LINUX_RT_UNLIMITED, /* sched_rt_runtime_us = -1, or runtime = period */
	LINUX_RT_UNKNOWN,   /* not read: text says why; paced as the default */
};

struct linux_rt_limit {
	enum linux_rt_kind kind;
	uint64_t runtime_ns, period_ns;
	char text[160]; /* the meta value: "950000/1000000 us", "unlimited", "unknown (why)" */
};

/* From the two files' texts (NULL: not readable; why_missing says why). */
void linux_rt_limit_parse(const char *runtime_us, const char *period_us, const char *why_missing,
			  struct linux_rt_limit *l);
/* From /proc/sys/kernel/sched_rt_runtime_us and sched_rt_period_us. */
void linux_rt_limit_read(struct linux_rt_limit *l);

/* The pause after d ns of CPU time under SCHED_FIFO that keeps every
 * period within the runtime R of the period P when the pattern repeats:
 * with d running and s asleep a period holds at most (P / (d + s) + 1) d,
 * which is <= R when s >= d (P - R + d) / (R - d); from d = R/2 on, s = P - d
 * is less and enough (a cycle of exactly P holds d). 0 when unlimited; an
 * unknown limit is taken as the default; at d >= R, one period. */
uint64_t linux_rt_pause_ns(const struct linux_rt_limit *l, uint64_t d_ns);

/* Whether samples of sample_ms can run under SCHED_FIFO: their pause is at
 * most a quarter of the sample (under the defaults, samples up to 150 ms).
 * When not, *why (size bytes) says so. */
bool linux_rt_fifo_fits(const struct linux_rt_limit *l, unsigned sample_ms, char *why, size_t size);

/* The measured thread's pacing: on when it runs SCHED_FIFO. */
struct linux_rt_pacer {
	struct linux_rt_limit limit;
	bool on;
	uint64_t cpu_since; /* its CPU time (CLOCK_THREAD_CPUTIME_ID) at the end of its last pause */
};

/* Start counting from now (the thread has just taken SCHED_FIFO). */
void linux_rt_pacer_start(struct linux_rt_pacer *p);
/* The pause the CPU time since the last one asks for, less asleep_us that
 * the caller sleeps right after anyway (0: none; the count then restarts
 * here, else the caller calls linux_rt_pacer_rested after its sleep). */
void linux_rt_pacer_pause(struct linux_rt_pacer *p, unsigned asleep_us);
/* The caller's own sleep is over: count from now. */
void linux_rt_pacer_rested(struct linux_rt_pacer *p);

#endif

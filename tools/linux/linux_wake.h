/* The wake helper of `idlebench linux` (tools/linux/linux_run.c): a thread pinned
 * to the parked CPU S that answers each command byte with one, so S leaves
 * its idle state (and cpuidle accounts the period) on demand. */
#ifndef IDLEBENCH_TOOLS_LINUX_WAKE_H
#define IDLEBENCH_TOOLS_LINUX_WAKE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct linux_wake {
	int cmd[2], ack[2];
	int cpu;
	pthread_t thread;
	bool running;
};

/* Start the helper on cpu (the restore signals blocked in it, so only the
 * main thread restores the journal) and wait for its first answer; false
 * with why filled. */
bool linux_wake_start(struct linux_wake *h, int cpu, char *why, size_t size);
/* Wake the CPU and wait until the helper ran there. */
bool linux_wake_kick(struct linux_wake *h);
/* End the helper (nothing when it never started). */
void linux_wake_stop(struct linux_wake *h);

#endif

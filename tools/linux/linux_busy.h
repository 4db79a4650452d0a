/* Mode busy under `idlebench linux`: a thread pinned to the parked CPU runs
 * checked rounds of the load workload (core/sibling/load_round.h) on its
 * own arena while busy samples are taken, as the kernel's parked CPU does. */
#ifndef IDLEBENCH_TOOLS_LINUX_LINUX_BUSY_H
#define IDLEBENCH_TOOLS_LINUX_LINUX_BUSY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/sibling/load_round.h"

struct linux_busy {
	struct load_work load;
	pthread_t thread;
	int cpu;
	bool running;
	bool stop;        /* set (atomically) by linux_busy_stop */
	bool pinned;      /* the thread found itself on cpu only (written once it runs) */
};

/* Start the busy thread on cpu (restore signals blocked in it, as for the
 * wake helper). False, *why said, when the arena or the thread cannot be
 * had or the thread cannot be pinned to cpu. */
bool linux_busy_start(struct linux_busy *b, int cpu, char *why, size_t size);
/* Stop it after its current round and join it (nothing when not running). */
void linux_busy_stop(struct linux_busy *b);
/* Its rounds and wrong rounds so far. */
uint64_t linux_busy_rounds(const struct linux_busy *b);
uint64_t linux_busy_bad_rounds(const struct linux_busy *b);

#endif

/* The busy thread (tools/linux/linux_busy.h). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/linux/linux_busy.h"

static void *busy_main(void *arg)
{
	struct linux_busy *b = arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(b->cpu, &set);
	/* set again from inside, and checked: a thread that may run elsewhere
	 * would load the wrong CPU */
	bool pinned = sched_setaffinity(0, sizeof set, &set) == 0 && sched_getaffinity(0, sizeof set, &set) == 0 &&
		      CPU_COUNT(&set) == 1 && CPU_ISSET(b->cpu, &set);
	__atomic_store_n(&b->pinned, pinned, __ATOMIC_RELEASE);
	while (pinned && !__atomic_load_n(&b->stop, __ATOMIC_ACQUIRE))
		load_round(&b->load);
	return NULL;
}

bool linux_busy_start(struct linux_busy *b, int cpu, char *why, size_t size)
{
	const char *no = load_bind(&b->load);
	cpu_set_t set;
	pthread_attr_t attr;

	b->cpu = cpu;
	b->running = false;
	b->stop = false;
	b->pinned = false;
	if (no) {
		snprintf(why, size, "%s", no);
		return false;
	}
	size_t bytes = (b->load.wl->arena_bytes + 4095) / 4096 * 4096;
	b->load.arena = aligned_alloc(4096, bytes);
	if (!b->load.arena) {
		snprintf(why, size, "no memory for the busy thread's %s arena", LOAD_WORKLOAD);
		return false;
	}
	pthread_attr_init(&attr);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pthread_attr_setaffinity_np(&attr, sizeof set, &set);
	/* SCHED_OTHER, not the measured thread's SCHED_FIFO (pthread_create
	 * inherits it by default): a FIFO spin on the parked CPU would starve
	 * that CPU's kernel threads up to RT throttling */
	struct sched_param other = { .sched_priority = 0 };
	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, SCHED_OTHER);
	pthread_attr_setschedparam(&attr, &other);
	/* Only the main thread may run the restore on a signal (linux_wake.c). */
	sigset_t block, old;
	sigfillset(&block);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	int e = pthread_create(&b->thread, &attr, busy_main, b);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (e) {
		snprintf(why, size, "cannot start the busy thread on cpu%d: %s", cpu, strerror(e));
		free(b->load.arena);
		b->load.arena = NULL;
		return false;
	}
	b->running = true;
	/* Its first round proves it runs, pinned. */
	while (!linux_busy_rounds(b)) {
		if (__atomic_load_n(&b->stop, __ATOMIC_ACQUIRE))
			break;
		struct timespec ms = { 0, 1000000 };
		nanosleep(&ms, NULL);
		if (!__atomic_load_n(&b->pinned, __ATOMIC_ACQUIRE) && pthread_tryjoin_np(b->thread, NULL) == 0) {
			b->running = false;
			free(b->load.arena);
			b->load.arena = NULL;
			snprintf(why, size, "the busy thread cannot be pinned to cpu%d", cpu);
			return false;
		}
	}
	return true;
}

void linux_busy_stop(struct linux_busy *b)
{
	if (!b->running)
		return;
	__atomic_store_n(&b->stop, true, __ATOMIC_RELEASE);
	pthread_join(b->thread, NULL);
	b->running = false;
	free(b->load.arena);
	b->load.arena = NULL;
}

uint64_t linux_busy_rounds(const struct linux_busy *b)
{
	return __atomic_load_n(&b->load.rounds, __ATOMIC_ACQUIRE);
}

uint64_t linux_busy_bad_rounds(const struct linux_busy *b)
{
	return __atomic_load_n(&b->load.bad_rounds, __ATOMIC_ACQUIRE);
}

/* The wake helper (tools/linux/linux_wake.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tools/linux/linux_wake.h"

static void *wake_main(void *arg)
{
	struct linux_wake *h = arg;
	char b;
	cpu_set_t set;

	while (read(h->cmd[0], &b, 1) == 1 && b) {
		CPU_ZERO(&set);
		CPU_SET(h->cpu, &set);
		(void)sched_setaffinity(0, sizeof set, &set); /* again each time: offline breaks affinity */
		if (write(h->ack[1], &b, 1) != 1)
			break;
	}
	return NULL;
}

/* How long a kick may take: the helper is a SCHED_FIFO thread (where
 * permitted) on an idle CPU; 5 s (an emulator on a loaded host included)
 * means it is stuck, not slow. */
#define LINUX_WAKE_TIMEOUT_MS 5000

/* Wake S and wait (bounded) until the helper ran there. */
bool linux_wake_kick(struct linux_wake *h)
{
	char b = 1;
	struct pollfd p = { .fd = h->ack[0], .events = POLLIN };
	return write(h->cmd[1], &b, 1) == 1 && poll(&p, 1, LINUX_WAKE_TIMEOUT_MS) == 1 && read(h->ack[0], &b, 1) == 1;
}

bool linux_wake_start(struct linux_wake *h, int cpu, char *why, size_t size)
{
	cpu_set_t set;
	struct sched_param sp = { .sched_priority = 1 };
	pthread_attr_t attr;

	h->cpu = cpu;
	if (pipe2(h->cmd, O_CLOEXEC) || pipe2(h->ack, O_CLOEXEC)) {
		snprintf(why, size, "pipe: %s", strerror(errno));
		return false;
	}
	pthread_attr_init(&attr);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pthread_attr_setaffinity_np(&attr, sizeof set, &set);
	/* Only the main thread may run on_signal: the helper starts with the
	 * restore signals blocked (else a signal taken there could restore the
	 * journal while the main thread is adding to it). */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGQUIT);
	sigaddset(&block, SIGXCPU);
	sigaddset(&block, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	int e = pthread_create(&h->thread, &attr, wake_main, h);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (e) {
		snprintf(why, size, "cannot start the wake helper on cpu%d: %s", cpu, strerror(e));
		return false;
	}
	h->running = true;
	(void)pthread_setschedparam(h->thread, SCHED_FIFO, &sp); /* prompt answers where permitted */
	if (!linux_wake_kick(h)) {
		snprintf(why, size, "the wake helper on cpu%d does not answer", cpu);
		return false;
	}
	return true;
}

void linux_wake_stop(struct linux_wake *h)
{
	char b = 0;
	if (!h->running)
		return;
	(void)!write(h->cmd[1], &b, 1);
	pthread_join(h->thread, NULL);
	h->running = false;
}

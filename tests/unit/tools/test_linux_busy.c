/* Mode busy's load (core/sibling/load_round.c) and idlebench linux's busy
 * thread (tools/linux/linux_busy.c), on this host: a round's checksum is
 * the build's, a wrong one is counted, and the thread runs pinned to the
 * CPU it is given, stops when told and refuses a CPU it cannot run on. */
#define _GNU_SOURCE
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "core/sibling/load_round.h"
#include "tools/linux/linux_busy.h"

static void test_round_checks_the_build_checksum_and_counts_wrong_ones(void **state)
{
	struct load_work l;

	(void)state;
	assert_null(load_bind(&l));
	assert_string_equal(l.wl->name, LOAD_WORKLOAD);
	l.arena = aligned_alloc(4096, (l.wl->arena_bytes + 4095) / 4096 * 4096);
	assert_non_null(l.arena);
	load_round(&l);
	load_round(&l);
	assert_int_equal(l.rounds, 2);
	assert_int_equal(l.bad_rounds, 0);
	l.expected ^= 1; /* as if the CPU had computed wrongly */
	load_round(&l);
	assert_int_equal(l.rounds, 3);
	assert_int_equal(l.bad_rounds, 1);
	free(l.arena);
}

/* The first CPU this process may run on. */
static int some_cpu(void)
{
	cpu_set_t set;
	assert_int_equal(sched_getaffinity(0, sizeof set, &set), 0);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			return c;
	fail_msg("no CPU in the affinity mask");
	return -1;
}

static void test_thread_runs_checked_rounds_and_stops(void **state)
{
	static struct linux_busy b;
	char why[160] = "";
	int cpu = some_cpu();

	(void)state;
	if (!linux_busy_start(&b, cpu, why, sizeof why))
		fail_msg("busy thread on cpu%d: %s", cpu, why);
	assert_true(b.running);
	assert_true(b.pinned);
	uint64_t r0 = linux_busy_rounds(&b);
	assert_true(r0 >= 1); /* start waits for its first round */
	while (linux_busy_rounds(&b) < r0 + 2) {
		struct timespec ms = { 0, 1000000 };
		nanosleep(&ms, NULL);
	}
	linux_busy_stop(&b);
	assert_false(b.running);
	uint64_t r1 = linux_busy_rounds(&b);
	assert_true(r1 >= r0 + 2);
	assert_int_equal(linux_busy_bad_rounds(&b), 0);
	struct timespec pause = { 0, 20000000 };
	nanosleep(&pause, NULL);
	assert_int_equal(linux_busy_rounds(&b), r1); /* stopped means stopped */
	linux_busy_stop(&b);                         /* twice is harmless */
}

static void test_thread_on_a_cpu_it_cannot_run_on_is_refused(void **state)
{
	static struct linux_busy b;
	char why[160] = "";
	cpu_set_t set;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof set, &set), 0);
	int cpu = CPU_SETSIZE - 1;
	if (CPU_ISSET(cpu, &set))
		skip();
	assert_false(linux_busy_start(&b, cpu, why, sizeof why));
	assert_false(b.running);
	assert_non_null(strstr(why, "cpu1023"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_checks_the_build_checksum_and_counts_wrong_ones),
		cmocka_unit_test(test_thread_runs_checked_rounds_and_stops),
		cmocka_unit_test(test_thread_on_a_cpu_it_cannot_run_on_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

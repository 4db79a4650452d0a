/* The kernel's RT limit and the measured thread's pace (tools/linux/linux_rt.h):
 * the sysctl texts read, the pause that keeps every period within the
 * runtime, and when SCHED_FIFO is kept at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tools/linux/linux_rt.h"

#define MS 1000000ull

static void test_the_default_limit_is_read_as_limited(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	linux_rt_limit_parse("950000\n", "1000000\n", NULL, &b);
	assert_int_equal(b.kind, LINUX_RT_LIMITED);
	assert_int_equal(b.runtime_ns, 950 * MS);
	assert_int_equal(b.period_ns, 1000 * MS);
	assert_string_equal(b.text, "950000/1000000 us");
}

/* -1 lifts the limit; runtime = period never throttles (sched_rt_runtime_exceeded()). */
static void test_minus_one_and_runtime_equal_to_period_are_unlimited(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	linux_rt_limit_parse("-1\n", "1000000\n", NULL, &b);
	assert_int_equal(b.kind, LINUX_RT_UNLIMITED);
	assert_string_equal(b.text, "unlimited");
	assert_int_equal(linux_rt_pause_ns(&b, 500 * MS), 0);
	linux_rt_limit_parse("1000000", "1000000", NULL, &b);
	assert_int_equal(b.kind, LINUX_RT_UNLIMITED);
	assert_string_equal(b.text, "unlimited (runtime = period)");
	assert_int_equal(linux_rt_pause_ns(&b, 500 * MS), 0);
}

static void test_unreadable_or_garbage_is_unknown_with_the_reason(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	linux_rt_limit_parse(NULL, NULL, "/proc/sys/kernel/sched_rt_runtime_us: No such file or directory", &b);
	assert_int_equal(b.kind, LINUX_RT_UNKNOWN);
	assert_string_equal(b.text, "unknown (/proc/sys/kernel/sched_rt_runtime_us: No such file or directory)");
	linux_rt_limit_parse("95x\n", "1000000\n", NULL, &b);
	assert_int_equal(b.kind, LINUX_RT_UNKNOWN);
	assert_string_equal(b.text, "unknown (not a runtime/period pair: '95x' / '1000000')");
	linux_rt_limit_parse("2000000", "1000000", NULL, &b); /* the kernel refuses runtime > period */
	assert_int_equal(b.kind, LINUX_RT_UNKNOWN);
	linux_rt_limit_parse("", "1000000", NULL, &b);
	assert_int_equal(b.kind, LINUX_RT_UNKNOWN);
}

/* s = d (P - R + d) / (R - d) below R/2: 2 ms of running needs 0.110 ms
 * asleep (the 0.5 ms settle covers it), 20 ms 1.506 ms, 50 ms 5.556 ms;
 * from R/2 on P - d: 475 ms as long again, 900 ms 100 ms (the formula would
 * ask 17 s there, and years just under R). */
static void test_the_pause_keeps_every_period_within_the_runtime(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	linux_rt_limit_parse("950000", "1000000", NULL, &b);
	assert_int_equal(linux_rt_pause_ns(&b, 0), 0);
	assert_int_equal(linux_rt_pause_ns(&b, 2 * MS), 109705); /* 2e6 * 52e6 / 948e6, rounded up */
	assert_int_equal(linux_rt_pause_ns(&b, 20 * MS), 1505377);
	assert_int_equal(linux_rt_pause_ns(&b, 50 * MS), 5555556);
	assert_int_equal(linux_rt_pause_ns(&b, 475 * MS), 525 * MS);
	assert_int_equal(linux_rt_pause_ns(&b, 900 * MS), 100 * MS);
	assert_int_equal(linux_rt_pause_ns(&b, 950 * MS - 1), 50 * MS + 1);
	/* the bound itself: below R/2 a period holds at most (P / (d + s) + 1) d
	 * of running; from R/2 on each cycle is P long and holds d; never more
	 * than P - d */
	for (uint64_t d = MS; d < 950 * MS; d += 7 * MS) {
		uint64_t s = linux_rt_pause_ns(&b, d);
		if (2 * d < 950 * MS) {
			long double worst = (1000.0L * MS / (long double)(d + s) + 1) * (long double)d;
			assert_true(worst <= 950.0L * MS + 1);
		} else {
			assert_int_equal(d + s, 1000 * MS);
		}
		assert_true(s <= 1000 * MS - d);
	}
	/* past the runtime no pause helps: one whole period */
	assert_int_equal(linux_rt_pause_ns(&b, 950 * MS), 1000 * MS);
	assert_int_equal(linux_rt_pause_ns(&b, 5000 * MS), 1000 * MS);
	/* a period of an hour: no overflow, still at most P - d */
	linux_rt_limit_parse("3599000000", "3600000000", NULL, &b);
	assert_true(linux_rt_pause_ns(&b, 1000 * MS) <= 3600000 * MS - 1000 * MS);
}

/* An unknown limit is taken as the default, never as none. */
static void test_an_unknown_limit_paces_as_the_default(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	linux_rt_limit_parse(NULL, NULL, "no /proc", &b);
	assert_int_equal(linux_rt_pause_ns(&b, 50 * MS), 5555556);
}

/* SCHED_FIFO is kept while the pause is at most a quarter of the sample:
 * up to 150 ms under the defaults; past that the reason names both. */
static void test_fifo_is_kept_only_for_samples_a_short_pause_covers(void **state)
{
	(void)state;
	struct linux_rt_limit b;
	char why[200] = "";
	linux_rt_limit_parse("950000", "1000000", NULL, &b);
	assert_true(linux_rt_fifo_fits(&b, 2, why, sizeof why));
	assert_true(linux_rt_fifo_fits(&b, 150, why, sizeof why));
	assert_false(linux_rt_fifo_fits(&b, 151, why, sizeof why));
	assert_false(linux_rt_fifo_fits(&b, 200, why, sizeof why));
	assert_string_equal(why, "samples of 200 ms under SCHED_FIFO's RT limit (950000/1000000 us) would need a 67 ms "
				 "pause each to stay unthrottled");
	assert_false(linux_rt_fifo_fits(&b, 60000, why, sizeof why));
	assert_string_equal(why, "samples of 60000 ms outlast SCHED_FIFO's RT limit (950000/1000000 us)");
	linux_rt_limit_parse("-1", "1000000", NULL, &b);
	assert_true(linux_rt_fifo_fits(&b, 60000, why, sizeof why));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_default_limit_is_read_as_limited),
		cmocka_unit_test(test_minus_one_and_runtime_equal_to_period_are_unlimited),
		cmocka_unit_test(test_unreadable_or_garbage_is_unknown_with_the_reason),
		cmocka_unit_test(test_the_pause_keeps_every_period_within_the_runtime),
		cmocka_unit_test(test_an_unknown_limit_paces_as_the_default),
		cmocka_unit_test(test_fifo_is_kept_only_for_samples_a_short_pause_covers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

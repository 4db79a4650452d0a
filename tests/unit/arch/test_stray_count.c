/* Stray-interrupt counts: per CPU by APIC ID, reported per interval (each
 * take returns only what came since the previous one, the total keeps
 * growing), CPUs beyond the slots counted together as "other", the latest
 * vector kept; and two threads adding at once lose nothing. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/arch/stray_count.h"

static void test_counts_per_cpu_and_per_interval(void **state)
{
	static struct stray_counts t;
	char by[128];
	uint64_t total;
	(void)state;

	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), 0);
	assert_string_equal(by, "");
	assert_int_equal(total, 0);
	assert_int_equal(t.last_vector, 0);

	stray_counts_add(&t, 1, 0x41);
	stray_counts_add(&t, 300, 0x42);
	stray_counts_add(&t, 1, 0x43);
	assert_int_equal(stray_counts_total(&t), 3);
	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), 3);
	assert_string_equal(by, "1:2,300:1");
	assert_int_equal(total, 3);
	assert_int_equal(t.last_vector, 0x43);

	/* The next interval: only what came since. */
	stray_counts_add(&t, 300, 0x41);
	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), 1);
	assert_string_equal(by, "300:1");
	assert_int_equal(total, 4);
	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), 0);
	assert_string_equal(by, "");
	assert_int_equal(total, 4);
	assert_int_equal(stray_counts_total(&t), 4);
}

static void test_cpus_beyond_the_slots_count_as_other(void **state)
{
	static struct stray_counts t;
	char by[1024];
	uint64_t total;
	(void)state;

	for (uint32_t id = 0; id < STRAY_COUNT_SLOTS + 2; id++)
		stray_counts_add(&t, id, 0x50);
	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), STRAY_COUNT_SLOTS + 2);
	const char *tail = strrchr(by, ',');
	assert_non_null(tail);
	assert_string_equal(tail, ",other:2");
	assert_int_equal(strncmp(by, "0:1,1:1,", 8), 0);
}

static void test_a_short_buffer_is_cut_not_overrun(void **state)
{
	static struct stray_counts t;
	char by[8];
	uint64_t total;
	(void)state;

	memset(by, 'x', sizeof by);
	for (uint32_t id = 10; id < 20; id++)
		stray_counts_add(&t, id, 0x50);
	assert_int_equal(stray_counts_take(&t, by, sizeof by, &total), 10);
	assert_true(memchr(by, 0, sizeof by) != NULL);
}

static struct stray_counts shared;
#define ADDS_PER_THREAD 200000

static void *add_many(void *arg)
{
	uint32_t id = (uint32_t)(uintptr_t)arg;
	for (int i = 0; i < ADDS_PER_THREAD; i++)
		stray_counts_add(&shared, id + (uint32_t)(i & 1), 0x60);
	return NULL;
}

static void test_concurrent_adds_lose_nothing(void **state)
{
	pthread_t a, b;
	char by[128];
	uint64_t total;
	(void)state;

	pthread_create(&a, NULL, add_many, (void *)(uintptr_t)4);
	pthread_create(&b, NULL, add_many, (void *)(uintptr_t)4);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert_int_equal(stray_counts_take(&shared, by, sizeof by, &total), 2 * ADDS_PER_THREAD);
	assert_string_equal(by, "4:200000,5:200000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_per_cpu_and_per_interval),
		cmocka_unit_test(test_cpus_beyond_the_slots_count_as_other),
		cmocka_unit_test(test_a_short_buffer_is_cut_not_overrun),
		cmocka_unit_test(test_concurrent_adds_lose_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

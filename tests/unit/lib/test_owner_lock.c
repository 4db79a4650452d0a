/* The owner-aware spin lock: nesting by the owner, exclusion between threads
 * (two threads bump a shared pair, slowly, that must never be seen torn
 * and must lose no update), takeover of
 * a lock held past its patience (with a fake clock), and a stale release by a
 * CPU whose lock was taken over. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/lib/owner_lock.h"

static uint64_t fake_now;
static uint64_t fake_clock(void)
{
	return fake_now;
}

/* Each poll of a waiter advances the fake clock by 10. */
static void fake_pause(void)
{
	fake_now += 10;
}

static uint64_t real_clock(void)
{
	return 0; /* never lets patience run out */
}

static void nested_acquire_by_the_owner_needs_as_many_releases(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	assert_int_equal(owner_lock_acquire(&l, 3, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(owner_lock_acquire(&l, 3, fake_clock, 100, NULL), OWNER_LOCK_NESTED);
	assert_int_equal(l.depth, 2);
	owner_lock_release(&l, 3);
	assert_int_equal(l.owner, 4);
	owner_lock_release(&l, 3);
	assert_int_equal(l.owner, 0);
	/* Free again: another id takes it at once. */
	assert_int_equal(owner_lock_acquire(&l, 0, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(l.owner, 1);
}

static void a_holder_past_its_patience_is_taken_over(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	fake_now = 1000;
	assert_int_equal(owner_lock_acquire(&l, 7, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	/* 7 never releases (it faulted, or was INITed). */
	assert_int_equal(owner_lock_acquire(&l, 2, fake_clock, 100, fake_pause), OWNER_LOCK_TAKEN_OVER);
	assert_true(fake_now - 1000 > 100);
	assert_true(fake_now - 1000 <= 130);
	assert_int_equal(l.owner, 3);
	assert_int_equal(l.depth, 1);
	assert_int_equal(l.takeovers, 1);
	/* 7's late release must not free 2's lock. */
	owner_lock_release(&l, 7);
	assert_int_equal(l.owner, 3);
	owner_lock_release(&l, 2);
	assert_int_equal(l.owner, 0);
}

static void a_release_by_a_non_owner_changes_nothing(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	owner_lock_release(&l, 5); /* free lock */
	assert_int_equal(l.owner, 0);
	assert_int_equal(owner_lock_acquire(&l, 1, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	owner_lock_release(&l, 5);
	assert_int_equal(l.owner, 2);
	assert_int_equal(l.depth, 1);
}

#define ROUNDS 50000
static struct owner_lock shared_lock;
static volatile uint64_t pair_a, pair_b;
static volatile int torn;
static pthread_barrier_t start_together;

static void *bump(void *arg)
{
	uint32_t id = (uint32_t)(uintptr_t)arg;

	pthread_barrier_wait(&start_together);
	for (int i = 0; i < ROUNDS; i++) {
		owner_lock_acquire(&shared_lock, id, real_clock, 1, NULL);
		owner_lock_acquire(&shared_lock, id, real_clock, 1, NULL); /* nested, like a report */
		uint64_t a = pair_a;
		if (pair_b != a)
			torn = 1;
		pair_a = a + 1;
		for (volatile int k = 0; k < 20; k++) /* widen the window a race needs */
			;
		pair_b = a + 1;
		owner_lock_release(&shared_lock, id);
		owner_lock_release(&shared_lock, id);
	}
	return NULL;
}

static void two_threads_never_see_each_others_half_done_update(void **state)
{
	(void)state;
	pthread_t t1, t2;

	assert_int_equal(pthread_barrier_init(&start_together, NULL, 2), 0);
	assert_int_equal(pthread_create(&t1, NULL, bump, (void *)(uintptr_t)0), 0);
	assert_int_equal(pthread_create(&t2, NULL, bump, (void *)(uintptr_t)1), 0);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	pthread_barrier_destroy(&start_together);
	assert_false(torn);
	assert_int_equal(pair_a, 2 * ROUNDS);
	assert_int_equal(shared_lock.owner, 0);
	assert_int_equal(shared_lock.takeovers, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nested_acquire_by_the_owner_needs_as_many_releases),
		cmocka_unit_test(a_holder_past_its_patience_is_taken_over),
		cmocka_unit_test(a_release_by_a_non_owner_changes_nothing),
		cmocka_unit_test(two_threads_never_see_each_others_half_done_update),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

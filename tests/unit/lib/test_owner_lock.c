/* The owner-aware spin lock: nesting by the owner, exclusion between threads
 * that really contend (two threads bump a shared pair slowly; it must never
 * be seen torn, no update may be lost, and the run must have seen waiting),
 * takeover of a stalled holder (fake clock), no takeover while the holder
 * makes progress, and a stale release or nest by a CPU that was taken over. */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lib/owner_lock.h"

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

static void nested_acquire_by_the_owner_needs_as_many_releases(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	assert_int_equal(owner_lock_acquire(&l, 3, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(owner_lock_acquire(&l, 3, fake_clock, 100, NULL), OWNER_LOCK_NESTED);
	assert_int_equal(owner_lock_depth(&l, 3), 2);
	assert_int_equal(owner_lock_depth(&l, 0), 0);
	owner_lock_release(&l, 3);
	assert_int_equal(owner_lock_depth(&l, 3), 1);
	owner_lock_release(&l, 3);
	assert_int_equal(owner_lock_depth(&l, 3), 0);
	/* Free again: another id takes it at once. */
	assert_int_equal(owner_lock_acquire(&l, 0, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(owner_lock_depth(&l, 0), 1);
}

static void a_stalled_holder_is_taken_over_and_its_late_calls_change_nothing(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	fake_now = 1000;
	assert_int_equal(owner_lock_acquire(&l, 7, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(owner_lock_acquire(&l, 7, fake_clock, 100, NULL), OWNER_LOCK_NESTED);
	/* 7 stops (it faulted, or was INITed) holding two levels. */
	assert_int_equal(owner_lock_acquire(&l, 2, fake_clock, 100, fake_pause), OWNER_LOCK_TAKEN_OVER);
	assert_true(fake_now - 1000 > 100);
	assert_true(fake_now - 1000 <= 130);
	assert_int_equal(owner_lock_depth(&l, 2), 1);
	assert_int_equal(owner_lock_depth(&l, 7), 0);
	assert_int_equal(l.takeovers, 1);
	/* 7's late releases must not free 2's lock or change its depth. */
	owner_lock_release(&l, 7);
	owner_lock_release_all(&l, 7);
	assert_int_equal(owner_lock_depth(&l, 2), 1);
	owner_lock_release(&l, 2);
	assert_int_equal(owner_lock_depth(&l, 2), 0);
}

/* A holder that keeps acquiring and releasing (its report's lines going out
 * on a slow console) is making progress: the waiter does not take over. */
static struct owner_lock progress_lock;
static unsigned progress_polls;

static void holder_works_while_waiter_polls(void)
{
	fake_now += 60; /* more than patience over the whole wait, less per step */
	if (++progress_polls <= 20) {
		owner_lock_acquire(&progress_lock, 5, fake_clock, 100, NULL);
		owner_lock_release(&progress_lock, 5);
	} else if (progress_polls == 21) {
		owner_lock_release(&progress_lock, 5); /* the report is done */
	}
}

static void a_holder_making_progress_is_not_taken_over(void **state)
{
	(void)state;
	progress_lock = (struct owner_lock){ 0 };
	progress_polls = 0;
	fake_now = 0;
	assert_int_equal(owner_lock_acquire(&progress_lock, 5, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	assert_int_equal(owner_lock_acquire(&progress_lock, 1, fake_clock, 100, holder_works_while_waiter_polls),
			 OWNER_LOCK_TAKEN);
	assert_true(fake_now > 1000); /* waited through 20 steps of 60 */
	assert_int_equal(progress_lock.takeovers, 0);
	assert_int_equal(owner_lock_depth(&progress_lock, 1), 1);
}

static void release_all_frees_every_level_and_only_for_the_owner(void **state)
{
	(void)state;
	struct owner_lock l = { 0 };

	owner_lock_release(&l, 5); /* free lock: nothing happens */
	assert_int_equal(owner_lock_depth(&l, 5), 0);
	assert_int_equal(owner_lock_acquire(&l, 1, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
	owner_lock_release(&l, 5);
	owner_lock_release_all(&l, 5);
	assert_int_equal(owner_lock_depth(&l, 1), 1);
	owner_lock_acquire(&l, 1, fake_clock, 100, NULL);
	owner_lock_acquire(&l, 1, fake_clock, 100, NULL);
	owner_lock_release_all(&l, 1);
	assert_int_equal(owner_lock_depth(&l, 1), 0);
	assert_int_equal(owner_lock_acquire(&l, 4, fake_clock, 100, NULL), OWNER_LOCK_TAKEN);
}

#define ROUNDS 20000
static struct owner_lock shared_lock;
static volatile uint64_t pair_a, pair_b;
static volatile int torn;
static volatile int waiting[2];
static volatile unsigned contended;
static pthread_barrier_t start_together;

static uint64_t never_late(void)
{
	return 0; /* patience never runs out: pure exclusion */
}

static void *bump(void *arg)
{
	uint32_t id = (uint32_t)(uintptr_t)arg;

	pthread_barrier_wait(&start_together);
	for (int i = 0; i < ROUNDS; i++) {
		waiting[id] = 1;
		owner_lock_acquire(&shared_lock, id, never_late, 1, NULL);
		waiting[id] = 0;
		owner_lock_acquire(&shared_lock, id, never_late, 1, NULL); /* nested, like a report */
		if (waiting[!id])
			contended = contended + 1;
		uint64_t a = pair_a;
		if (pair_b != a)
			torn = 1;
		pair_a = a + 1;
		if ((i & 63) == 0)
			sched_yield(); /* let the other thread run while we hold it */
		for (volatile int k = 0; k < 20; k++)
			;
		pair_b = a + 1;
		owner_lock_release(&shared_lock, id);
		owner_lock_release(&shared_lock, id);
	}
	return NULL;
}

static void two_contending_threads_never_see_each_others_half_done_update(void **state)
{
	(void)state;
	pthread_t t1, t2;
	int contests = 0;

	/* On a loaded machine the two threads may run one after the other and
	 * never meet: contest again (bounded) until they did, else this run
	 * proved nothing about exclusion. */
	do {
		assert_int_equal(pthread_barrier_init(&start_together, NULL, 2), 0);
		assert_int_equal(pthread_create(&t1, NULL, bump, (void *)(uintptr_t)0), 0);
		assert_int_equal(pthread_create(&t2, NULL, bump, (void *)(uintptr_t)1), 0);
		pthread_join(t1, NULL);
		pthread_join(t2, NULL);
		pthread_barrier_destroy(&start_together);
		contests++;
	} while (!contended && contests < 50);
	assert_true(contended > 0);
	assert_false(torn);
	assert_int_equal(pair_a, 2 * ROUNDS * (uint64_t)contests);
	assert_int_equal(owner_lock_depth(&shared_lock, 0) + owner_lock_depth(&shared_lock, 1), 0);
	assert_int_equal(shared_lock.takeovers, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nested_acquire_by_the_owner_needs_as_many_releases),
		cmocka_unit_test(a_stalled_holder_is_taken_over_and_its_late_calls_change_nothing),
		cmocka_unit_test(a_holder_making_progress_is_not_taken_over),
		cmocka_unit_test(release_all_frees_every_level_and_only_for_the_owner),
		cmocka_unit_test(two_contending_threads_never_see_each_others_half_done_update),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

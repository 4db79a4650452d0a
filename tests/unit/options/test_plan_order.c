/* The sample order of a plan (core/experiment/plan.c): every block of one
 * repetition of one workload holds each mode once; over a Williams cycle
 * every mode follows every other equally often inside blocks; the last step
 * of a repetition is flagged; the seed decides the order and only the seed.
 * Also plan_id: equal for plans that measure the same thing, different when
 * a condition changes. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/experiment/plan.h"

#define MAX_STEPS 4096

static struct plan_step steps[MAX_STEPS];
static size_t nsteps;

static bool record(void *ctx, const struct plan_step *st)
{
	(void)ctx;
	if (nsteps < MAX_STEPS)
		steps[nsteps++] = *st;
	return true;
}

static void plan_of(struct plan *p, uint32_t modes, unsigned reps, unsigned warmup, uint64_t seed)
{
	char err[128];

	memset(p, 0, sizeof *p);
	p->reps = p->max_reps = reps;
	p->warmup = warmup;
	p->sample_ms = 2;
	p->settle_us = 500;
	p->seed = seed;
	p->order = PLAN_INTERLEAVED;
	p->modes = modes;
	assert_int_equal(workload_select("hash,lz", &p->workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	nsteps = 0;
	plan_walk(p, record, NULL);
}

static void test_each_block_holds_every_mode_once_and_rounds_end_flagged(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | (1u << IDLE_SPIN) | (1u << IDLE_HLT2);

	(void)state;
	plan_of(&p, modes, 8, 1, 42);
	assert_int_equal(nsteps, plan_step_count(&p));
	assert_int_equal(nsteps, 9 * 2 * 4);
	for (size_t b = 0; b < nsteps / 4; b++) {
		uint32_t seen = 0;
		for (size_t k = 0; k < 4; k++) {
			const struct plan_step *st = &steps[b * 4 + k];
			assert_int_equal(st->workload, steps[b * 4].workload);
			assert_int_equal(st->rep, steps[b * 4].rep);
			assert_int_equal(st->warmup, st->rep < 1);
			seen |= 1u << st->mode;
			/* the round ends on the last mode of the last workload */
			assert_int_equal(st->round_end, k == 3 && b % 2 == 1);
		}
		assert_int_equal(seen, modes);
	}
}

static void test_every_mode_follows_every_other_equally_often(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | (1u << IDLE_SPIN) | (1u << IDLE_HLT2);
	unsigned follows[IDLE_MODE_COUNT][IDLE_MODE_COUNT] = { { 0 } };

	(void)state;
	/* 4 modes: a Williams cycle is 4 blocks; 2 workloads x 8 reps = 4 cycles. */
	plan_of(&p, modes, 8, 0, 7);
	for (size_t i = 1; i < nsteps; i++)
		if (i % 4)
			follows[steps[i - 1].mode][steps[i].mode]++;
	for (int a = 0; a < IDLE_MODE_COUNT; a++)
		for (int b = 0; b < IDLE_MODE_COUNT; b++)
			if (a != b && (modes >> a & 1) && (modes >> b & 1))
				assert_int_equal(follows[a][b], 4);
			else
				assert_int_equal(follows[a][b], 0);
}

/* Whether two runs of steps are the same, field by field: a memcmp would also
 * compare the padding after the bools, which the plan's stack copies leave
 * with whatever was there (a false failure seen at -O2). */
static bool same_steps(const struct plan_step *a, const struct plan_step *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].workload != b[i].workload || a[i].mode != b[i].mode || a[i].rep != b[i].rep ||
		    a[i].warmup != b[i].warmup || a[i].round_end != b[i].round_end)
			return false;
	return true;
}

static void test_same_seed_same_order_different_seed_different_order(void **state)
{
	static struct plan_step first[MAX_STEPS];
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | (1u << IDLE_SPIKE);

	(void)state;
	plan_of(&p, modes, 10, 2, 1234);
	size_t n = nsteps;
	memcpy(first, steps, n * sizeof steps[0]);
	plan_of(&p, modes, 10, 2, 1234);
	assert_int_equal(nsteps, n);
	assert_true(same_steps(first, steps, n));
	plan_of(&p, modes, 10, 2, 1235);
	assert_int_equal(nsteps, n);
	assert_false(same_steps(first, steps, n));
}

static void test_plan_id_changes_with_what_is_measured_only(void **state)
{
	struct plan p;
	struct plan_conditions c = { "sibling", 0, 0x414, false, "hlt" };

	(void)state;
	plan_of(&p, 3, 10, 2, 1);
	uint64_t id = plan_id(&p, &c);
	p.reps = 30, p.warmup = 0, p.seed = 99, p.precision_centi = 30, p.budget_s = 60;
	assert_true(plan_id(&p, &c) == id); /* how much and in which order: same plan */
	p.sample_ms = 3;
	assert_true(plan_id(&p, &c) != id);
	p.sample_ms = 2;
	p.settle_us = 0;
	assert_true(plan_id(&p, &c) != id);
	p.settle_us = 500;
	p.order = PLAN_BLOCKED;
	assert_true(plan_id(&p, &c) != id); /* blocked samples are not paired in time */
	p.order = PLAN_INTERLEAVED;
	p.modes = 7;
	assert_true(plan_id(&p, &c) != id);
	p.modes = 3;
	assert_true(plan_id(&p, &c) == id);
	struct plan_conditions other[] = { { "other-core", 0, 0x414, false, "hlt" }, { "sibling", 0x20, 0x414, false, "hlt" },
					   { "sibling", 0, 0, false, "hlt" }, { "sibling", 0, 0x414, true, "hlt" },
					   { "sibling", 0, 0x414, false, "load" }, { "sibling", 0, 0x414, false, "off" } };
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		assert_true(plan_id(&p, &other[i]) != id);
	char err[128];
	assert_int_equal(workload_select("hash", &p.workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	assert_true(plan_id(&p, &c) != id);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_block_holds_every_mode_once_and_rounds_end_flagged),
		cmocka_unit_test(test_every_mode_follows_every_other_equally_often),
		cmocka_unit_test(test_same_seed_same_order_different_seed_different_order),
		cmocka_unit_test(test_plan_id_changes_with_what_is_measured_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

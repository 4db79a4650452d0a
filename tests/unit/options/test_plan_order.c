/* The sample order of a plan (core/experiment/plan.c): every block of one
 * repetition of one workload holds each mode once; over a Williams cycle
 * every mode follows every other equally often inside blocks; a workload's
 * blocks run in a row, workloads in a seeded order, and every workload
 * change is followed by a discarded run before the next timed one; the last
 * step of a segment is flagged; the seed decides the order and only the
 * seed. Also plan_id: equal for plans that measure the same thing, different
 * when a condition changes, and never the repetition-major plan's. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/experiment/plan.h"
#include "core/stream/schema.h"
#include "lib/fmt.h"
#include "lib/hash64.h"

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

static unsigned wanted_reps;

static unsigned wanted(void *ctx)
{
	(void)ctx;
	return wanted_reps;
}

static void plan_on(struct plan *p, const char *workloads, uint32_t modes, unsigned reps, unsigned warmup,
		    uint64_t seed)
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
	assert_int_equal(workload_select(workloads, &p->workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	nsteps = 0;
	plan_walk(p, record, NULL, NULL);
}

static void plan_of(struct plan *p, uint32_t modes, unsigned reps, unsigned warmup, uint64_t seed)
{
	plan_on(p, "hash,lz", modes, reps, warmup, seed);
}

/* The steps without the lead-ins, into out; their number. */
static size_t without_lead_ins(struct plan_step *out)
{
	size_t n = 0;
	for (size_t i = 0; i < nsteps; i++)
		if (!steps[i].lead_in)
			out[n++] = steps[i];
	return n;
}

static void test_each_block_holds_every_mode_once_and_rounds_end_flagged(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_MWAIT) | (1u << IDLE_SPIN) | (1u << IDLE_HLT2);

	(void)state;
	plan_of(&p, modes, 8, 1, 42);
	assert_int_equal(nsteps, plan_step_count(&p));
	assert_int_equal(nsteps, 9 * 2 * 4); /* warm-up blocks lead in: no lead-in runs */
	for (size_t b = 0; b < nsteps / 4; b++) {
		uint32_t seen = 0;
		for (size_t k = 0; k < 4; k++) {
			const struct plan_step *st = &steps[b * 4 + k];
			assert_int_equal(st->workload, steps[b * 4].workload);
			assert_int_equal(st->rep, steps[b * 4].rep);
			assert_int_equal(st->warmup, st->rep < 1);
			assert_false(st->lead_in);
			seen |= 1u << st->mode;
			/* a fixed count is one segment: it ends on the plan's last step */
			assert_int_equal(st->round_end, b * 4 + k == nsteps - 1);
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
	static struct plan_step timed[MAX_STEPS];
	size_t n = without_lead_ins(timed);
	assert_int_equal(n, 8 * 2 * 4);
	for (size_t i = 1; i < n; i++)
		if (i % 4)
			follows[timed[i - 1].mode][timed[i].mode]++;
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
		    a[i].warmup != b[i].warmup || a[i].round_end != b[i].round_end || a[i].lead_in != b[i].lead_in)
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


/* A workload's blocks run in a row: in a fixed plan the workload changes
 * once less often than there are workloads (the repetition-major order
 * changed it at every block). */
static void test_each_workloads_blocks_run_in_a_row(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_HLT2) | (1u << IDLE_SPIKE);

	(void)state;
	plan_on(&p, "hash,lz,nbody,matmul", modes, 12, 2, 5);
	size_t changes = 0;
	for (size_t i = 1; i < nsteps; i++)
		changes += steps[i].workload != steps[i - 1].workload;
	assert_int_equal(changes, 3);
	assert_string_equal(plan_order_scheme(&p), "workload-major");
}

/* After every workload change the next step is a discarded run of the new
 * workload in the mode the timed step after it runs: a lead-in (warm-up=0)
 * or the first warm-up block; no timed sample directly follows another
 * workload. The run's start is no change (warmup= rules it). */
static void check_every_change_is_led_in(void)
{
	for (size_t i = 1; i < nsteps; i++) {
		if (steps[i].workload == steps[i - 1].workload)
			continue;
		assert_true(steps[i].warmup);
		assert_true(i + 1 < nsteps);
		assert_int_equal(steps[i + 1].workload, steps[i].workload);
		if (steps[i].lead_in)
			assert_int_equal(steps[i + 1].mode, steps[i].mode);
	}
}

static void test_every_workload_change_is_followed_by_a_discarded_run(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_HLT2) | (1u << IDLE_SPIKE);

	(void)state;
	plan_on(&p, "hash,lz,nbody", modes, 6, 0, 11);
	assert_int_equal(nsteps, plan_step_count(&p));
	assert_int_equal(nsteps, 3 * 3 * 6 + 2);
	check_every_change_is_led_in();
	assert_false(steps[0].warmup); /* warmup=0: nothing discarded at the start */
	size_t lead = 0;
	for (size_t i = 0; i < nsteps; i++)
		lead += steps[i].lead_in;
	assert_int_equal(lead, 2);
	plan_on(&p, "hash,lz,nbody", modes, 6, 2, 11);
	check_every_change_is_led_in();
}

/* Adaptive: the pilot's segment, then what the caller wants; every workload
 * reaches the same repetition at a segment's end, where round_end is; a
 * workload change at a segment boundary is led in too. */
static void test_segments_follow_what_the_caller_wants(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_HLT2) | (1u << IDLE_SPIKE);
	char err[128];

	(void)state;
	memset(&p, 0, sizeof p);
	p.reps = 10, p.max_reps = PLAN_MAX_REPS, p.warmup = 1, p.sample_ms = 20, p.seed = 3;
	p.order = PLAN_INTERLEAVED, p.modes = modes;
	assert_int_equal(workload_select("hash,lz,nbody", &p.workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	nsteps = 0;
	wanted_reps = 13;
	plan_walk(&p, record, wanted, NULL);
	size_t timed = 0, ends = 0, last_end = 0;
	unsigned reps[WORKLOAD_MAX] = { 0 };
	for (size_t i = 0; i < nsteps; i++) {
		timed += !steps[i].warmup;
		if (!steps[i].warmup && steps[i].mode == IDLE_HLT)
			reps[steps[i].workload]++;
		if (steps[i].round_end) {
			ends++;
			last_end = i;
			for (size_t w = 0; w < WORKLOAD_MAX; w++)
				if (p.workloads.selected[w])
					assert_int_equal(reps[w], steps[i].rep + 1 - p.warmup);
		}
	}
	assert_int_equal(timed, 13 * 3 * 3);
	assert_int_equal(ends, 2);
	assert_int_equal(last_end, nsteps - 1);
	check_every_change_is_led_in();
}

/* Under a budget the first segment is one repetition (its pace sizes the
 * next), then what the caller wants. */
static void test_a_budget_starts_with_a_one_repetition_segment(void **state)
{
	struct plan p;
	char err[128];

	(void)state;
	memset(&p, 0, sizeof p);
	p.reps = 10, p.max_reps = PLAN_MAX_REPS, p.warmup = 2, p.sample_ms = 20, p.seed = 3, p.budget_s = 600;
	p.order = PLAN_INTERLEAVED, p.modes = (1u << IDLE_HLT) | (1u << IDLE_SPIKE);
	assert_int_equal(workload_select("hash,lz", &p.workloads, err, sizeof err), WORKLOAD_SELECT_OK);
	nsteps = 0;
	wanted_reps = 10;
	plan_walk(&p, record, wanted, NULL);
	unsigned ends[4], n = 0;
	for (size_t i = 0; i < nsteps && n < 4; i++)
		if (steps[i].round_end)
			ends[n++] = steps[i].rep + 1 - p.warmup;
	assert_int_equal(n, 2);
	assert_int_equal(ends[0], 1);
	assert_int_equal(ends[1], 10);
	check_every_change_is_led_in();
}

/* The workloads' order is the seed's: over a few seeds more than one order
 * shows, and the same seed repeats its order (registry order was fixed). */
static void test_workload_order_is_seeded(void **state)
{
	struct plan p;
	uint32_t modes = (1u << IDLE_HLT) | (1u << IDLE_SPIKE);
	size_t firsts = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 8; seed++) {
		plan_on(&p, "hash,lz,nbody,matmul", modes, 2, 0, seed);
		size_t first = steps[0].workload;
		plan_on(&p, "hash,lz,nbody,matmul", modes, 2, 0, seed);
		assert_int_equal(steps[0].workload, first);
		firsts |= (size_t)1 << first;
	}
	assert_true(__builtin_popcountll(firsts) >= 2);
}

/* plan_id as the repetition-major plans computed it (the same fields,
 * without the scheme): a workload-major boot must never pool with them. */
static uint64_t repetition_major_id(const struct plan *p, const struct plan_conditions *c)
{
	char num[24];
	uint64_t h = HASH64_INIT;

	fmt_snprintf(num, sizeof num, "schema=%d", STREAM_SCHEMA_VERSION);
	h = hash64_field(h, num);
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		if (p->workloads.selected[w])
			h = hash64_field(h, plan_workload_name(p, w));
	fmt_snprintf(num, sizeof num, "sample_ms=%u", p->sample_ms);
	h = hash64_field(h, num);
	fmt_snprintf(num, sizeof num, "settle_us=%u", p->settle_us);
	h = hash64_field(h, num);
	h = hash64_field(h, p->order == PLAN_BLOCKED ? "blocked" : "interleaved");
	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (p->modes & (1u << m))
			h = hash64_field(h, idle_modes[m].name);
	h = hash64_field(h, c->placement ? c->placement : "");
	fmt_snprintf(num, sizeof num, "mwait_hint=%u", c->mwait_hint);
	h = hash64_field(h, num);
	fmt_snprintf(num, sizeof num, "c2_port=%u", c->c2_port);
	h = hash64_field(h, num);
	h = hash64_field(h, c->x2apic ? "x2apic" : "xapic");
	return hash64_field(h, c->others ? c->others : "");
}

static void test_plan_id_is_not_the_repetition_major_plans(void **state)
{
	struct plan p;
	struct plan_conditions c = { "other-core", 0, 0, false, "idle" };

	(void)state;
	plan_of(&p, (1u << IDLE_HLT) | (1u << IDLE_HLT2) | (1u << IDLE_SPIKE), 10, 2, 1);
	assert_true(plan_id(&p, &c) != repetition_major_id(&p, &c));
	p.order = PLAN_BLOCKED; /* blocked order did not change: its boots still pool */
	assert_true(plan_id(&p, &c) == repetition_major_id(&p, &c));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_block_holds_every_mode_once_and_rounds_end_flagged),
		cmocka_unit_test(test_every_mode_follows_every_other_equally_often),
		cmocka_unit_test(test_same_seed_same_order_different_seed_different_order),
		cmocka_unit_test(test_plan_id_changes_with_what_is_measured_only),
		cmocka_unit_test(test_each_workloads_blocks_run_in_a_row),
		cmocka_unit_test(test_every_workload_change_is_followed_by_a_discarded_run),
		cmocka_unit_test(test_segments_follow_what_the_caller_wants),
		cmocka_unit_test(test_workload_order_is_seeded),
		cmocka_unit_test(test_a_budget_starts_with_a_one_repetition_segment),
		cmocka_unit_test(test_plan_id_is_not_the_repetition_major_plans),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

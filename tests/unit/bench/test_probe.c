/* The mechanism probes (bench/probe*.c): knee detection on synthetic curves,
 * family summaries, arena sizing from the LLC, the shared pointer chase's
 * shape, and the variants' registry fields. Timing is never asserted here;
 * tests/host/test_probes.sh checks real silicon. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/probe.h"
#include "bench/probe_chase.h"
#include "bench/workload.h"

static const uint32_t rob_sweep[] = { 16, 32, 48, 64, 96, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768 };
#define ROB_POINTS (sizeof rob_sweep / sizeof rob_sweep[0])

/* Wong's curve: about one miss latency per iteration while both misses fit
 * in the window, two after, plus the NOPs' own cost (2N per iteration at
 * width 4) and noise of +-amp (deterministic). */
static void rob_curve(uint32_t window, double latency, double amp, double *out)
{
	uint64_t x = 12345;
	for (size_t i = 0; i < ROB_POINTS; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		double noise = amp * ((double)(x >> 11) / 9007199254740992.0 * 2 - 1);
		double nops = 2.0 * rob_sweep[i] / 4;
		double misses = rob_sweep[i] < window ? latency : 2 * latency;
		out[i] = (misses > nops ? misses : nops) + noise;
	}
}

static void test_step_at_224_gives_knee_224(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	rob_curve(224, 400, 0, y);
	struct probe_knee k;
	assert_true(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_int_equal(k.knee, 224);
	assert_null(k.reason);
	assert_true(k.step_ratio > 0.9 && k.step_ratio < 1.1);
}

/* Every step with two sweep points on each side is found where it is; a
 * step into the sweep's last point, or out of its first, is one sample: no
 * knee (it may be a spike). */
static void test_step_at_each_sweep_point_is_found_there(void **state)
{
	(void)state;
	for (size_t s = 1; s < ROB_POINTS; s++) {
		double y[ROB_POINTS];
		rob_curve(rob_sweep[s], 300, 0, y);
		struct probe_knee k;
		bool found = probe_find_knee(rob_sweep, y, ROB_POINTS, &k);
		bool interior = s >= 2 && s <= ROB_POINTS - 2;
		if (interior && (!found || k.knee != rob_sweep[s]))
			fail_msg("step at %u: found=%d knee=%u (%s)", rob_sweep[s], k.found, k.knee,
			         k.reason ? k.reason : "");
		if (!interior && found)
			fail_msg("step at the sweep's edge %u taken as a knee", rob_sweep[s]);
	}
}

/* One outlier at either end of a flat sweep is no knee (the old rule, two
 * points on a side only where there were two, took it for one). */
static void test_an_outlier_at_either_end_is_no_knee(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	struct probe_knee k;
	for (size_t i = 0; i < ROB_POINTS; i++)
		y[i] = 300;
	y[ROB_POINTS - 1] = 400;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	for (size_t i = 0; i < ROB_POINTS; i++)
		y[i] = 400;
	y[0] = 300;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
}

static void test_noisy_step_still_gives_the_knee(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	rob_curve(256, 400, 20, y); /* +-5 % noise */
	struct probe_knee k;
	assert_true(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_int_equal(k.knee, 256);
}

static void test_noise_alone_is_no_knee(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	rob_curve(100000, 400, 20, y); /* never leaves the window: flat +-5 % */
	struct probe_knee k;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_non_null(k.reason);
	assert_true(k.step_ratio < PROBE_KNEE_MIN_STEP);
}

static void test_one_slow_point_is_no_knee_and_does_not_hide_the_real_one(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	rob_curve(100000, 400, 0, y);
	y[4] *= 1.9; /* one sample slowed by a neighbour, say */
	struct probe_knee k;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	rob_curve(256, 400, 0, y);
	y[3] *= 1.9;
	y[4] *= 1.4;
	assert_true(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_int_equal(k.knee, 256);
}

static void test_step_over_two_intervals_gives_its_end(void **state)
{
	(void)state;
	/* The store queue measured here (AMD EPYC, Zen 3, 64 entries): flat,
	 * half the step at 64 stores, all of it at 80, then the stores' own cost. */
	static const uint32_t x[] = { 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192 };
	double y[] = { 346, 345, 376, 408, 530, 411, 435, 545, 705, 708, 728, 755, 801, 848 };
	struct probe_knee k;
	assert_true(probe_find_knee(x, y, 14, &k));
	assert_int_equal(k.knee, 80);
	assert_true(k.step_ratio > 0.4);
}

static void test_linear_curve_has_no_knee(void **state)
{
	(void)state;
	/* An emulator without an out-of-order window: cost grows with N alone. */
	double y[ROB_POINTS];
	for (size_t i = 0; i < ROB_POINTS; i++)
		y[i] = 50 + 2.0 * rob_sweep[i];
	struct probe_knee k;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_non_null(strstr(k.reason, "flat or straight"));
	assert_int_equal(k.knee, 0);
}

static void test_steep_linear_curve_with_a_step_finds_the_step(void **state)
{
	(void)state;
	/* The baseline slope is removed before steps are compared: a ramp whose
	 * per-point rise is large must not hide (or fake) the step. */
	double y[ROB_POINTS];
	for (size_t i = 0; i < ROB_POINTS; i++)
		y[i] = 100 + 1.0 * rob_sweep[i] + (rob_sweep[i] >= 320 ? 300 : 0);
	struct probe_knee k;
	assert_true(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_int_equal(k.knee, 320);
}

static void test_small_step_is_rejected_with_its_size(void **state)
{
	(void)state;
	double y[ROB_POINTS];
	for (size_t i = 0; i < ROB_POINTS; i++)
		y[i] = rob_sweep[i] >= 224 ? 115 : 100; /* +15 % */
	struct probe_knee k;
	assert_false(probe_find_knee(rob_sweep, y, ROB_POINTS, &k));
	assert_int_equal(k.at, 224);
	assert_true(fabs(k.step_ratio - 0.15) < 1e-9);
	assert_non_null(strstr(k.reason, "25 %"));
}

static void test_bad_input_is_no_knee_with_a_reason(void **state)
{
	(void)state;
	static const uint32_t x[] = { 1, 2, 3, 4 }, down[] = { 4, 3, 2, 1 };
	double y[] = { 1, 2, 3, 4 }, nan_y[] = { 1, NAN, 3, 4 }, zero_y[] = { 1, 0, 3, 4 };
	struct probe_knee k;
	assert_false(probe_find_knee(x, y, 3, &k));
	assert_non_null(strstr(k.reason, "fewer than 4"));
	assert_false(probe_find_knee(x, nan_y, 4, &k));
	assert_non_null(strstr(k.reason, "positive"));
	assert_false(probe_find_knee(x, zero_y, 4, &k));
	assert_false(probe_find_knee(down, y, 4, &k));
	assert_non_null(strstr(k.reason, "ascending"));
}

static void test_families_cover_every_probe_once_in_registry_order(void **state)
{
	(void)state;
	size_t next = 0;
	while (next < workload_count() && workload_at(next)->class != WORKLOAD_PROBE)
		next++;
	assert_int_equal(probe_family_count(), 4);
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		assert_ptr_equal(probe_family_find(fam->name), fam);
		assert_true(fam->count >= 1 && fam->count <= PROBE_MAX_VARIANTS);
		for (size_t v = 0; v < fam->count; v++, next++) {
			const struct workload *w = &fam->variants[v];
			assert_ptr_equal(workload_at(next), w);
			assert_int_equal(w->class, WORKLOAD_PROBE);
			assert_string_equal(w->probe_family, fam->name);
			assert_non_null(w->arena_for_llc);
			if (v > 0 && w->probe_param <= fam->variants[v - 1].probe_param)
				fail_msg("%s: parameter not ascending", w->name);
			char name[32];
			if (fam->kind != PROBE_BANDWIDTH) {
				snprintf(name, sizeof name, "%s_%u", fam->name, w->probe_param);
				assert_string_equal(w->name, name);
			}
			if ((fam->kind == PROBE_KNEE) != (w->probe_work_per_iter == 0))
				fail_msg("%s: probe_work_per_iter %llu", w->name, (unsigned long long)w->probe_work_per_iter);
		}
	}
	assert_int_equal(next, workload_count());
	assert_null(probe_family_at(probe_family_count()));
	assert_null(probe_family_find("probe"));
	/* The sweeps the documentation promises. */
	assert_int_equal(probe_rob[PROBE_ROB_VARIANTS - 1].probe_param, 768);
	assert_int_equal(probe_mlp[PROBE_MLP_VARIANTS - 1].probe_param, 16);
	assert_int_equal(probe_sq[PROBE_SQ_VARIANTS - 1].probe_param, 192);
	for (size_t i = 0; i < workload_count(); i++)
		if (workload_at(i)->class != WORKLOAD_PROBE && (workload_at(i)->probe_family || workload_at(i)->arena_for_llc))
			fail_msg("%s is not a probe but has probe fields", workload_at(i)->name);
}

static void test_arena_is_at_least_four_llcs_and_unknown_llc_skips(void **state)
{
	(void)state;
	const uint64_t llc = 32u << 20;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		size_t need = workload_arena_bytes(w, llc);
		if (w->class != WORKLOAD_PROBE) {
			assert_int_equal(need, w->arena_bytes);
			assert_int_equal(workload_arena_bytes(w, 0), w->arena_bytes);
			assert_null(workload_arena_skip_reason(w, 0, w->arena_bytes));
			continue;
		}
		if (need < WORKLOAD_LLC_MULTIPLE * llc || need > WORKLOAD_LLC_MULTIPLE * llc + 300 * 1024)
			fail_msg("%s: %zu bytes for a %llu-byte LLC", w->name, need, (unsigned long long)llc);
		assert_int_equal(workload_arena_bytes(w, 0), 0);
		assert_non_null(strstr(workload_arena_skip_reason(w, 0, SIZE_MAX), "unknown"));
		assert_non_null(strstr(workload_arena_skip_reason(w, llc, need - 1), "not enough memory"));
		assert_null(workload_arena_skip_reason(w, llc, need));
	}
}

/* Node number of the node at address at in a chase arena. */
static uint64_t node_of(const void *arena, uint64_t at)
{
	return (at - (uint64_t)(uintptr_t)arena - CHASE_HEADER_BYTES) / CHASE_NODE_BYTES;
}

static void test_chase_is_one_random_cycle_through_every_node_with_ranks(void **state)
{
	(void)state;
	const uint64_t n = 5000; /* not a power of two */
	size_t bytes = CHASE_HEADER_BYTES + n * CHASE_NODE_BYTES;
	uint8_t *arena = aligned_alloc(64, bytes);
	assert_non_null(arena);
	memset(arena, 0xA5, bytes);
	chase_setup(arena, bytes, 77);
	const struct chase_header *h = (const void *)arena;
	assert_int_equal(h->nodes, n);
	uint8_t *seen = calloc(n, 1);
	uint64_t at, sequential = 0;
	chase_begin(arena, 1, &at);
	uint64_t first = at;
	for (uint64_t s = 0; s < n; s++) {
		const uint64_t *node = (const uint64_t *)(uintptr_t)at;
		uint64_t i = node_of(arena, at);
		assert_true(i < n);
		if (seen[i])
			fail_msg("node %llu visited twice before the cycle closed", (unsigned long long)i);
		seen[i] = 1;
		assert_int_equal(node[2], s); /* its rank */
		sequential += node_of(arena, node[0]) == i + 1;
		/* One node per line: past the three words all zero, whatever the arena held. */
		for (size_t b = 24; b < CHASE_NODE_BYTES; b++)
			assert_int_equal(((const uint8_t *)node)[b], 0);
		at = node[0];
	}
	assert_int_equal(at, first);
	assert_true(sequential < 50); /* a random order, not the memory order */
	/* 16 chains start n/16 ranks apart. */
	uint64_t starts[CHASE_MAX_CHAINS];
	chase_begin(arena, CHASE_MAX_CHAINS, starts);
	for (unsigned j = 0; j < CHASE_MAX_CHAINS; j++)
		assert_int_equal(((const uint64_t *)(uintptr_t)starts[j])[2], n / CHASE_MAX_CHAINS * j);
	free(seen);
	free(arena);
}

/* Walk k chains steps steps from the cursor (what the probes do in asm). */
static uint64_t walk(uint8_t *arena, unsigned k, uint64_t steps, uint64_t corrupt_after)
{
	uint64_t at[CHASE_MAX_CHAINS];
	chase_begin(arena, k, at);
	for (uint64_t s = 0; s < steps; s++)
		for (unsigned j = 0; j < k; j++)
			at[j] = s == corrupt_after && j == 0 ? at[j] : *(const uint64_t *)(uintptr_t)at[j];
	return chase_end(arena, k, at, steps);
}

static void test_chase_checksum_repeats_from_any_cursor_and_catches_a_lost_step(void **state)
{
	(void)state;
	size_t bytes = CHASE_HEADER_BYTES + 3000 * CHASE_NODE_BYTES;
	uint8_t *arena = aligned_alloc(64, bytes);
	assert_non_null(arena);
	chase_setup(arena, bytes, 5);
	const struct chase_header *h = (const void *)arena;
	uint64_t first = walk(arena, 4, 100, UINT64_MAX);
	assert_int_equal(h->cursor, 100);
	for (int r = 0; r < 40; r++) /* past the end of the cycle and round */
		assert_int_equal(walk(arena, 4, 100, UINT64_MAX), first);
	assert_int_equal(h->cursor, 4100 % 3000);
	assert_true(walk(arena, 4, 100, 37) != first); /* one chain missed a step */
	assert_true(walk(arena, 4, 101, UINT64_MAX) != first);
	chase_setup(arena, bytes, 6);
	assert_true(walk(arena, 4, 100, UINT64_MAX) != first); /* the seed reaches it */
	free(arena);
}

/* A sized probe set up at its measurement size runs, repeats from wherever
 * the previous run left its cursor, and computes the same checksum as at the
 * check size: the build-time check vouches for the code that measures. */
static void test_sized_setup_fills_the_arena_and_matches_the_check_size(void **state)
{
	(void)state;
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct workload *w = &probe_family_at(f)->variants[0];
		size_t big = workload_arena_bytes(w, 1u << 20);
		assert_true(big >= 4u << 20);
		uint8_t *arena = aligned_alloc(64, (big + 63) / 64 * 64);
		assert_non_null(arena);
		w->setup(arena, big, 9);
		uint64_t nodes_or_elements;
		memcpy(&nodes_or_elements, arena, sizeof nodes_or_elements);
		size_t used = nodes_or_elements * CHASE_NODE_BYTES + CHASE_HEADER_BYTES, unit = CHASE_NODE_BYTES;
		if (f == 2) { /* stream: up to the end of c, at most one block of each array short */
			double *a, *b, *c;
			probe_stream_arrays(arena, &a, &b, &c);
			used = (size_t)((uint8_t *)(c + nodes_or_elements) - arena);
			unit = 24 * 8192;
		}
		if (used > big || used + unit <= big)
			fail_msg("%s: set up %llu units (%zu bytes) in %zu bytes", w->name,
				 (unsigned long long)nodes_or_elements, used, big);
		uint64_t a = w->run(arena, 40), again = w->run(arena, 40);
		w->setup(arena, w->arena_bytes, 9);
		uint64_t small = w->run(arena, 40);
		free(arena);
		assert_int_equal(a, again);
		assert_int_equal(a, small);
	}
}

/* stream_triad's a[i], b[i] and c[i] are not a multiple of 4 KiB apart (the
 * store would 4K-alias both loads) and the three distances differ mod 64 KiB
 * (not all in the same DRAM bank rows), at the check size and at a sized
 * arena (n a multiple of 8192 elements in both). */
static void test_stream_arrays_are_offset_like_streams_offset(void **state)
{
	(void)state;
	const struct workload *w = &probe_stream[0];
	size_t sizes[] = { w->arena_bytes, workload_arena_bytes(w, 8u << 20) };
	for (size_t k = 0; k < 2; k++) {
		uint8_t *arena = aligned_alloc(64, (sizes[k] + 63) / 64 * 64);
		assert_non_null(arena);
		w->setup(arena, sizes[k], 9);
		double *a, *b, *c;
		probe_stream_arrays(arena, &a, &b, &c);
		uint64_t n;
		memcpy(&n, arena, sizeof n);
		assert_true(n > 0 && n % 8192 == 0);
		assert_true((uint8_t *)a >= arena + 64 && (uint8_t *)(a + n) <= (uint8_t *)b);
		assert_true((uint8_t *)(b + n) <= (uint8_t *)c && (uint8_t *)(c + n) <= arena + sizes[k]);
		uint64_t d[3] = { (uint64_t)((uint8_t *)b - (uint8_t *)a), (uint64_t)((uint8_t *)c - (uint8_t *)b),
				  (uint64_t)((uint8_t *)c - (uint8_t *)a) };
		for (size_t i = 0; i < 3; i++) {
			if (d[i] % 4096 == 0 || d[i] % 64 != 0)
				fail_msg("arena %zu: distance %zu is %llu bytes", sizes[k], i, (unsigned long long)d[i]);
			for (size_t j = 0; j < i; j++)
				if (d[i] % 65536 == d[j] % 65536)
					fail_msg("arena %zu: distances %llu and %llu agree mod 64 KiB", sizes[k],
						 (unsigned long long)d[j], (unsigned long long)d[i]);
		}
		free(arena);
	}
}

static void test_summary_of_each_family_kind(void **state)
{
	(void)state;
	double cyc[PROBE_MAX_VARIANTS], ns[PROBE_MAX_VARIANTS];
	struct probe_summary s;

	/* rob: the knee, with one variant unmeasured (NaN) left out. */
	rob_curve(256, 400, 0, cyc);
	for (size_t i = 0; i < PROBE_ROB_VARIANTS; i++)
		ns[i] = cyc[i] / 3;
	cyc[3] = NAN;
	assert_true(probe_summarize(probe_family_find("rob"), cyc, ns, &s));
	assert_int_equal(s.points, PROBE_ROB_VARIANTS - 1);
	assert_int_equal(s.param[3], 96);
	assert_true(s.knee.found);
	assert_int_equal(s.knee.knee, 256);

	/* mlp: ns per access = ns per iteration / (steps x k). */
	const struct probe_family *mlp = probe_family_find("mlp");
	for (size_t i = 0; i < mlp->count; i++) {
		ns[i] = 100.0 * (double)mlp->variants[i].probe_work_per_iter / (double)mlp->variants[i].probe_param;
		cyc[i] = 3 * ns[i];
	}
	assert_true(probe_summarize(mlp, cyc, ns, &s));
	assert_int_equal(s.points, PROBE_MLP_VARIANTS);
	for (size_t i = 0; i < s.points; i++)
		assert_true(fabs(s.ns_per_access[i] * s.param[i] - 100.0) < 1e-9);

	/* stream: bytes per cycle and GB/s from the bytes one iteration moves. */
	const struct probe_family *st = probe_family_find("stream");
	double bytes = (double)st->variants[0].probe_work_per_iter;
	cyc[0] = bytes / 8; /* 8 bytes per cycle */
	ns[0] = bytes / 20; /* 20 GB/s */
	assert_true(probe_summarize(st, cyc, ns, &s));
	assert_true(fabs(s.bytes_per_cycle - 8) < 1e-9);
	assert_true(fabs(s.gb_s - 20) < 1e-9);

	/* nothing measured */
	for (size_t i = 0; i < PROBE_MAX_VARIANTS; i++)
		cyc[i] = 0;
	assert_false(probe_summarize(probe_family_find("sq"), cyc, ns, &s));
	assert_non_null(s.knee.reason);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_at_224_gives_knee_224),
		cmocka_unit_test(test_step_at_each_sweep_point_is_found_there),
		cmocka_unit_test(test_an_outlier_at_either_end_is_no_knee),
		cmocka_unit_test(test_noisy_step_still_gives_the_knee),
		cmocka_unit_test(test_noise_alone_is_no_knee),
		cmocka_unit_test(test_one_slow_point_is_no_knee_and_does_not_hide_the_real_one),
		cmocka_unit_test(test_step_over_two_intervals_gives_its_end),
		cmocka_unit_test(test_linear_curve_has_no_knee),
		cmocka_unit_test(test_steep_linear_curve_with_a_step_finds_the_step),
		cmocka_unit_test(test_small_step_is_rejected_with_its_size),
		cmocka_unit_test(test_bad_input_is_no_knee_with_a_reason),
		cmocka_unit_test(test_families_cover_every_probe_once_in_registry_order),
		cmocka_unit_test(test_arena_is_at_least_four_llcs_and_unknown_llc_skips),
		cmocka_unit_test(test_chase_is_one_random_cycle_through_every_node_with_ranks),
		cmocka_unit_test(test_chase_checksum_repeats_from_any_cursor_and_catches_a_lost_step),
		cmocka_unit_test(test_sized_setup_fills_the_arena_and_matches_the_check_size),
		cmocka_unit_test(test_stream_arrays_are_offset_like_streams_offset),
		cmocka_unit_test(test_summary_of_each_family_kind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

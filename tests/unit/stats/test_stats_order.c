/* stats/order.c: Williams designs are balanced for every k the experiment
 * can have and any relabelling seed; the carry-over check finds an injected
 * carry-over and stays quiet without one; the mode-switch check's interval
 * covers its truth. Data for the latter come from the
 * simulator of the coverage tests (stats_simulation.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "stats/order.h"
#include "tests/unit/stats/stats_simulation.h"

static const uint64_t seeds[] = { 0, 1, 42, 0xDEADBEEF, UINT64_MAX };

static void test_williams_rows_per_cycle(void **state)
{
	static const size_t want[] = { 0, 1, 2, 6, 4, 10, 6, 14, 8, 0 };
	uint8_t order[STATS_MAX_CONDITIONS];

	(void)state;
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
		assert_int_equal(stats_williams_rows(k), want[k]);
	assert_false(stats_williams_order(0, 0, 1, order));
	assert_false(stats_williams_order(STATS_MAX_CONDITIONS + 1, 0, 1, order));
}

/* Over each of the first four cycles, for k = 2..8 and several seeds: every
 * order is a permutation, every condition sits at every position equally
 * often, and every ordered pair of different conditions is adjacent equally
 * often (once per cycle for even k, twice for odd k). */
static void test_williams_cycle_is_balanced_for_k_2_to_8(void **state)
{
	(void)state;
	for (size_t k = 2; k <= STATS_MAX_CONDITIONS; k++)
		for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
			for (size_t cycle = 0; cycle < 4; cycle++) {
				size_t rows = stats_williams_rows(k), per_pair = k % 2 ? 2 : 1;
				size_t pair[STATS_MAX_CONDITIONS][STATS_MAX_CONDITIONS] = { { 0 } };
				size_t place[STATS_MAX_CONDITIONS][STATS_MAX_CONDITIONS] = { { 0 } };
				for (size_t round = cycle * rows; round < (cycle + 1) * rows; round++) {
					uint8_t order[STATS_MAX_CONDITIONS];
					bool seen[STATS_MAX_CONDITIONS] = { false };
					assert_true(stats_williams_order(k, round, seeds[s], order));
					for (size_t j = 0; j < k; j++) {
						assert_true(order[j] < k);
						assert_false(seen[order[j]]);
						seen[order[j]] = true;
						place[order[j]][j]++;
						if (j)
							pair[order[j - 1]][order[j]]++;
					}
				}
				for (size_t a = 0; a < k; a++)
					for (size_t b = 0; b < k; b++) {
						if (place[a][b] != rows / k)
							fail_msg("k=%zu seed %zu cycle %zu: condition %zu at position %zu %zu times",
								 k, s, cycle, a, b, place[a][b]);
						if (pair[a][b] != (a == b ? 0 : per_pair))
							fail_msg("k=%zu seed %zu cycle %zu: %zu then %zu %zu times, want %zu", k, s,
								 cycle, a, b, pair[a][b], a == b ? 0 : per_pair);
					}
			}
}

/* Same seed, same orders; the seed relabels; cycles visit the rows in
 * different orders, so the step from one round's last mode to the next
 * round's first is not fixed (with k = 2 and rows visited in order it would
 * always repeat a mode). */
static void test_williams_seeds_relabel_and_cycles_reorder_rows(void **state)
{
	uint8_t a[STATS_MAX_CONDITIONS], b[STATS_MAX_CONDITIONS];
	size_t differ = 0;

	(void)state;
	for (size_t k = 2; k <= STATS_MAX_CONDITIONS; k++) {
		for (size_t round = 0; round < 40; round++) {
			stats_williams_order(k, round, 7, a);
			stats_williams_order(k, round, 7, b);
			assert_memory_equal(a, b, k);
		}
		stats_williams_order(k, 0, 7, a);
		stats_williams_order(k, 0, 8, b);
		differ += memcmp(a, b, k) != 0;
	}
	assert_true(differ >= 5); /* 7 values of k; two seeds give the same labels with chance 1/k! */

	/* k = 2 over 64 rounds: the mode that ends a round starts the next one
	 * in some boundaries but not all. */
	size_t repeats = 0;
	uint8_t prev[2];
	stats_williams_order(2, 0, 7, prev);
	for (size_t round = 1; round < 64; round++) {
		stats_williams_order(2, round, 7, a);
		repeats += a[0] == prev[1];
		memcpy(prev, a, 2);
	}
	assert_true(repeats > 10 && repeats < 53);

	/* k = 1: the one order. */
	stats_williams_order(1, 5, 9, a);
	assert_int_equal(a[0], 0);
}

/* One boot with a known carry-over: a sample run right after mode 2 is
 * slower by carry (log scale). 3 modes, 4 workloads, 20 reps. */
static void simulate(double carry, bool williams, uint64_t seed, struct sim_experiment *x)
{
	struct sim_params p = {
		.boots = 1, .reps = 20, .workloads = 4, .modes = 3,
		.mode_effect = { 0, 0.05, 0.01 }, .workload_effect_sd = 0.02,
		.boot_mode_sd = 0.01, .boot_workload_sd = 0.02,
		.drift_sd = 0.01, .drift_phi = 0.98, .noise_sd = 0.004, .noise = SIM_NOISE_T4,
		.carry = { 0, 0, carry }, .williams = williams,
	};
	struct sim_rng r;
	sim_rng_seed(&r, seed);
	sim_run(&p, &r, x);
}

static struct sim_experiment experiment;

static void test_carryover_finds_injected_two_percent(void **state)
{
	(void)state;
	for (int williams = 0; williams < 2; williams++) {
		simulate(0.02, williams, 11, &experiment);
		struct stats_carryover c = stats_carryover(experiment.boot[0].run, experiment.boot[0].run_count, 3);
		print_message("carry-over +2 %% after mode 2 (%s order): found %.2f %% [%.2f, %.2f] after mode %u\n",
			      williams ? "Williams" : "shuffled", c.value_pct, c.lo_pct, c.hi_pct, c.prev_mode);
		assert_true(c.valid);
		assert_int_equal(c.prev_mode, 2);
		assert_true(c.excludes_zero);
		/* Mode and carry-over are fitted together, so the estimate is
		 * unbiased: the interval holds the truth, 2 % against the mean of
		 * the other two carry-overs (0), i.e. exp(0.02) - 1 = 2.02 %. */
		assert_true(c.lo_pct < 2.02 && 2.02 < c.hi_pct);
	}
}

/* No carry-over: over 2000 boots the jointly-95 % interval excludes 0 in at
 * most about 5 % of them (Bonferroni over the previous modes is
 * conservative); more than 7.5 % would mean the check cries wolf (as it did
 * before each workload's own mode effects were fitted: 11 % with Williams
 * order and 4 modes). */
static void test_carryover_false_alarms_are_rare(void **state)
{
	size_t alarms = 0, runs = 2000;

	(void)state;
	for (size_t i = 0; i < runs; i++) {
		simulate(0, i % 2, 1000 + i, &experiment);
		struct stats_carryover c = stats_carryover(experiment.boot[0].run, experiment.boot[0].run_count, 3);
		assert_true(c.valid);
		alarms += c.excludes_zero;
	}
	print_message("carry-over check without carry-over: %zu false alarms in %zu boots (%.1f %%)\n", alarms, runs,
		      100.0 * (double)alarms / (double)runs);
	assert_true(alarms * 40 < runs * 3); /* below 7.5 % */
}

/* The same order in every block: the mode run before is fixed by the mode
 * itself, so carry-over and mode cannot be separated and no figure is given. */
static void test_carryover_not_separable_from_mode_in_a_fixed_order(void **state)
{
	static struct stats_order_sample fixed[3 * 40];
	size_t n = 0;
	uint8_t prev = STATS_NO_PREVIOUS;

	(void)state;
	for (uint32_t rep = 0; rep < 20; rep++)
		for (uint32_t w = 0; w < 2; w++)
			for (uint8_t m = 0; m < 3; m++) {
				fixed[n++] = (struct stats_order_sample){ rep, w, m, prev, 0.01 * m + 0.001 * (rep % 3) };
				prev = m;
			}
	assert_false(stats_carryover(fixed, n, 3).valid);
}

static void test_carryover_needs_samples(void **state)
{
	const struct stats_order_sample one[] = { { 0, 0, 0, STATS_NO_PREVIOUS, 1.0 } };

	(void)state;
	assert_false(stats_carryover(one, 1, 2).valid);
	assert_false(stats_carryover(one, 0, 2).valid);
	assert_false(stats_carryover(one, 1, STATS_MAX_CONDITIONS + 1).valid);
	assert_false(stats_carryover(one, 1, 1).valid);
}

/* A blocked-like boot: 30 (workload, mode) cells, each one switched sample
 * with sd_switched noise and 19 continued ones with 0.5 %, every cell with
 * its own level; the switched samples slower by effect (log scale). */
static size_t simulate_switch(double effect, double sd_switched, uint64_t seed, struct stats_switch_sample *out)
{
	struct sim_rng r;
	size_t n = 0;

	sim_rng_seed(&r, seed);
	for (uint32_t c = 0; c < 30; c++) {
		double level = 0.05 * sim_normal(&r);
		for (int k = 0; k < 20; k++)
			out[n++] = (struct stats_switch_sample){ c, k == 0,
				level + (k == 0 ? effect + sd_switched * sim_normal(&r) : 0.005 * sim_normal(&r)) };
	}
	return n;
}

/* The interval holds the truth in 93-97 % of 2000 boots, with and without
 * an effect, though the switched samples are four times as noisy; a 2 %
 * effect is found. */
static void test_mode_switch_interval_covers_and_finds_an_effect(void **state)
{
	static struct stats_switch_sample x[600];
	struct stats_switch_cell scratch[30];
	const double effects[] = { 0, 0.02 };

	(void)state;
	for (size_t e = 0; e < 2; e++) {
		size_t covered = 0, found = 0, runs = 2000;
		for (size_t i = 0; i < runs; i++) {
			size_t n = simulate_switch(effects[e], 0.02, 5000 + i, x);
			struct stats_mode_switch m = stats_mode_switch(x, n, 30, scratch);
			assert_true(m.valid);
			assert_int_equal(m.cells, 30);
			assert_int_equal(m.switched, 30);
			assert_int_equal(m.continued, 570);
			double truth = (exp(effects[e]) - 1) * 100;
			covered += m.lo_pct <= truth && truth <= m.hi_pct;
			found += m.lo_pct > 0;
		}
		print_message("mode switch %.0f %%: interval covers in %zu of %zu boots, excludes 0 above in %zu\n",
			      effects[e] * 100, covered, runs, found);
		assert_true(covered >= runs * 93 / 100 && covered <= runs * 97 / 100);
		if (effects[e] > 0)
			assert_true(found > runs * 9 / 10);
	}
}

/* Fewer than two cells with both kinds: no figure. */
static void test_mode_switch_needs_two_cells_with_both_kinds(void **state)
{
	const struct stats_switch_sample x[] = { { 0, true, 1.0 }, { 0, false, 1.1 }, { 1, true, 1.0 }, { 9, false, 2 } };
	struct stats_switch_cell scratch[2];

	(void)state;
	assert_false(stats_mode_switch(x, 3, 2, scratch).valid); /* cell 1 has no continued sample */
	assert_false(stats_mode_switch(x, 0, 2, scratch).valid);
	assert_false(stats_mode_switch(x, 4, 2, scratch).valid); /* cell 9 is out of range: ignored */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_williams_rows_per_cycle),
		cmocka_unit_test(test_williams_cycle_is_balanced_for_k_2_to_8),
		cmocka_unit_test(test_williams_seeds_relabel_and_cycles_reorder_rows),
		cmocka_unit_test(test_carryover_finds_injected_two_percent),
		cmocka_unit_test(test_carryover_false_alarms_are_rare),
		cmocka_unit_test(test_carryover_not_separable_from_mode_in_a_fixed_order),
		cmocka_unit_test(test_carryover_needs_samples),
		cmocka_unit_test(test_mode_switch_interval_covers_and_finds_an_effect),
		cmocka_unit_test(test_mode_switch_needs_two_cells_with_both_kinds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

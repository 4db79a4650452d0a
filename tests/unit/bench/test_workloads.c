/* Properties of every registered workload (bench/): the registry's shape,
 * repeatable and input-sensitive checksums, and agreement with the
 * build-time table (build/gen/bench/workload_checksums.h). The workloads are
 * the objects built with BENCH_CFLAGS, the same code the kernel runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/probe.h"
#include "bench/workload.h"

/* A fresh arena filled with `fill`, so a workload that reads memory its
 * setup did not write shows up as a checksum that depends on the fill. */
static void *arena_new(const struct workload *w, int fill)
{
	size_t bytes = (w->arena_bytes + 63) / 64 * 64;
	void *arena = aligned_alloc(64, bytes);
	assert_non_null(arena);
	memset(arena, fill, bytes);
	return arena;
}

static uint64_t checksum_of(const struct workload *w, uint64_t seed, uint64_t iterations, int fill)
{
	void *arena = arena_new(w, fill);
	w->setup(arena, w->arena_bytes, seed);
	uint64_t c = w->run(arena, iterations);
	free(arena);
	return c;
}

static void test_names_are_unique_lowercase_identifiers(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		assert_non_null(w);
		size_t n = strlen(w->name);
		if (n == 0 || n > 31)
			fail_msg("workload %zu: name length %zu", i, n);
		for (size_t k = 0; k < n; k++) {
			char c = w->name[k];
			if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
				fail_msg("%s: character '%c' outside [a-z0-9_]", w->name, c);
		}
		for (size_t j = 0; j < i; j++)
			if (!strcmp(w->name, workload_at(j)->name))
				fail_msg("%s registered twice", w->name);
		if (!strcmp(w->name, "all") || !strcmp(w->name, "int") || !strcmp(w->name, "fp") ||
		    !strcmp(w->name, "probe") || probe_family_find(w->name))
			fail_msg("%s collides with a selection keyword", w->name);
		assert_int_equal(workload_find(w->name), (int)i);
		assert_true(strlen(w->summary) > 10);
		assert_non_null(w->setup);
		assert_non_null(w->run);
		assert_true(w->check_iterations > 0);
	}
	assert_null(workload_at(workload_count()));
}

static void test_at_least_eight_int_and_eight_fp(void **state)
{
	(void)state;
	size_t n_int = 0, n_fp = 0;
	for (size_t i = 0; i < workload_count(); i++) {
		if (workload_at(i)->class == WORKLOAD_INT)
			n_int++;
		else if (workload_at(i)->class == WORKLOAD_FP)
			n_fp++;
		else if (workload_at(i)->class != WORKLOAD_PROBE)
			fail_msg("%s: class %d", workload_at(i)->name, (int)workload_at(i)->class);
	}
	assert_true(n_int >= 8);
	assert_true(n_fp >= 8);
	assert_true(workload_count() <= WORKLOAD_MAX);
}

static void test_arena_holds_working_set(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		if (w->working_set == 0 || w->arena_bytes < w->working_set)
			fail_msg("%s: working_set %zu, arena_bytes %zu", w->name, w->working_set, w->arena_bytes);
	}
}

/* L1 < 32 KiB, L2 64 KiB-1 MiB, L3 >= 4 MiB: each level has an int and an fp kernel. */
static void test_working_sets_cover_l1_l2_l3_in_both_classes(void **state)
{
	(void)state;
	bool seen[2][3] = { { false } };
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		if (w->class == WORKLOAD_PROBE)
			continue; /* sized from the LLC at run time (test_probe.c) */
		int level = w->working_set < 32 * 1024 ? 0
		          : w->working_set >= 4 * 1024 * 1024 ? 2
		          : w->working_set >= 32 * 1024 && w->working_set <= 1024 * 1024 ? 1 : -1;
		if (level >= 0)
			seen[w->class][level] = true;
	}
	for (int c = 0; c < 2; c++)
		for (int level = 0; level < 3; level++)
			if (!seen[c][level])
				fail_msg("no %s workload sized for L%d", c ? "fp" : "int", level + 1);
}

static void test_run_repeats_after_one_setup(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		void *arena = arena_new(w, 0);
		w->setup(arena, w->arena_bytes, WORKLOAD_CHECK_SEED);
		uint64_t n = w->check_iterations;
		uint64_t first = w->run(arena, n);
		uint64_t other = w->run(arena, n + 3); /* a different run in between */
		uint64_t again = w->run(arena, n);
		free(arena);
		(void)other;
		if (first != again)
			fail_msg("%s: run(%llu) gave %016llx then %016llx", w->name, (unsigned long long)n,
			         (unsigned long long)first, (unsigned long long)again);
	}
}

static void test_setup_with_same_seed_gives_same_checksum_whatever_the_arena_held(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		uint64_t a = checksum_of(w, 12345, w->check_iterations, 0x00);
		uint64_t b = checksum_of(w, 12345, w->check_iterations, 0xA5);
		if (a != b)
			fail_msg("%s: checksum depends on stale arena contents (%016llx vs %016llx)", w->name,
			         (unsigned long long)a, (unsigned long long)b);
	}
}

static void test_other_seed_changes_checksum(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		uint64_t a = checksum_of(w, WORKLOAD_CHECK_SEED, w->check_iterations, 0);
		uint64_t b = checksum_of(w, WORKLOAD_CHECK_SEED + 1, w->check_iterations, 0);
		if (a == b)
			fail_msg("%s: seed does not reach the checksum", w->name);
	}
}

static void test_other_iteration_count_changes_checksum(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		void *arena = arena_new(w, 0);
		w->setup(arena, w->arena_bytes, WORKLOAD_CHECK_SEED);
		uint64_t a = w->run(arena, w->check_iterations);
		uint64_t b = w->run(arena, w->check_iterations + 1);
		uint64_t one = w->run(arena, 1), zero = w->run(arena, 0);
		free(arena);
		if (a == b || one == zero)
			fail_msg("%s: iteration count does not reach the checksum", w->name);
	}
}

static void test_build_time_checksums_equal_fresh_computation(void **state)
{
	(void)state;
	for (size_t i = 0; i < workload_count(); i++) {
		const struct workload *w = workload_at(i);
		uint64_t expected;
		if (!workload_expected_checksum(i, &expected))
			fail_msg("%s: no build-time checksum", w->name);
		uint64_t fresh = checksum_of(w, WORKLOAD_CHECK_SEED, w->check_iterations, 0x5A);
		if (fresh != expected)
			fail_msg("%s: build-time %016llx, now %016llx", w->name, (unsigned long long)expected,
			         (unsigned long long)fresh);
	}
	uint64_t unused = 0;
	assert_false(workload_expected_checksum(workload_count(), &unused));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_are_unique_lowercase_identifiers),
		cmocka_unit_test(test_at_least_eight_int_and_eight_fp),
		cmocka_unit_test(test_arena_holds_working_set),
		cmocka_unit_test(test_working_sets_cover_l1_l2_l3_in_both_classes),
		cmocka_unit_test(test_run_repeats_after_one_setup),
		cmocka_unit_test(test_setup_with_same_seed_gives_same_checksum_whatever_the_arena_held),
		cmocka_unit_test(test_other_seed_changes_checksum),
		cmocka_unit_test(test_other_iteration_count_changes_checksum),
		cmocka_unit_test(test_build_time_checksums_equal_fresh_computation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* sort: quicksort (median of three, insertion sort below 16) of 2048-record
 * slices of a 256 KiB pool of 32-bit keys, then a sortedness check -- the
 * compare-and-branch core of sorting in databases, compilers and 500.perlbench_r
 * (Perl's sort), and of UnixBench's older sort-based tests. Dominated by
 * mispredicted data-dependent branches.
 * Iteration i copies slice i mod 32 into a scratch array and sorts it there,
 * so the pool stays pristine and every run repeats.
 * Working set: pool 256 KiB + scratch 8 KiB = 264 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define SORT_POOL   (64 * 1024)
#define SORT_SLICE  2048
#define SORT_SLICES (SORT_POOL / SORT_SLICE)
#define SORT_SMALL  16
#define SORT_STACK  64 /* pending ranges: the smaller half is pushed, so log2(2048) + 1 suffices */

struct sort_arena {
	uint32_t pool[SORT_POOL];
	uint32_t work[SORT_SLICE];
};

static void sort_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct sort_arena *a = arena;
	struct rng rng = rng_init(seed, 3);

	for (size_t i = 0; i < SORT_POOL; i++) {
		uint32_t v = (uint32_t)rng_next(&rng);
		/* a quarter of the keys come from a small range: runs of duplicates */
		a->pool[i] = (v & 3) == 0 ? v >> 24 : v;
	}
}

static void swap_u32(uint32_t *x, uint32_t *y)
{
	uint32_t t = *x;
	*x = *y;
	*y = t;
}

static void insertion_sort(uint32_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Iterative quicksort with an explicit stack, so stack depth is bounded. */
static void quicksort(uint32_t *v, size_t n)
{
	size_t stack_lo[SORT_STACK], stack_hi[SORT_STACK], sp = 0;
	size_t lo = 0, hi = n; /* [lo, hi) */

	for (;;) {
		while (hi - lo > SORT_SMALL) {
			size_t mid = lo + (hi - lo) / 2;
			if (v[mid] < v[lo])
				swap_u32(&v[mid], &v[lo]);
			if (v[hi - 1] < v[lo])
				swap_u32(&v[hi - 1], &v[lo]);
			if (v[hi - 1] < v[mid])
				swap_u32(&v[hi - 1], &v[mid]);
			uint32_t pivot = v[mid];
			size_t i = lo, j = hi - 1;
			for (;;) { /* Hoare partition */
				while (v[i] < pivot)
					i++;
				while (v[j] > pivot)
					j--;
				if (i >= j)
					break;
				swap_u32(&v[i], &v[j]);
				i++;
				j--;
			}
			/* [lo, j] <= pivot <= [j+1, hi): push the larger part, loop on the smaller */
			size_t split = j + 1;
			if (split - lo > hi - split) {
				stack_lo[sp] = lo, stack_hi[sp] = split, sp++;
				lo = split;
			} else {
				stack_lo[sp] = split, stack_hi[sp] = hi, sp++;
				hi = split;
			}
		}
		insertion_sort(v + lo, hi - lo);
		if (sp == 0)
			return;
		sp--;
		lo = stack_lo[sp];
		hi = stack_hi[sp];
	}
}

static uint64_t sort_run(void *arena, uint64_t iterations)
{
	struct sort_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		memcpy(a->work, a->pool + (it % SORT_SLICES) * SORT_SLICE, sizeof a->work);
		quicksort(a->work, SORT_SLICE);
		uint64_t sum = 0, bad = 0;
		for (size_t i = 0; i < SORT_SLICE; i++) {
			sum = sum * 31 + a->work[i];
			bad += i > 0 && a->work[i - 1] > a->work[i];
		}
		h = bench_mix(h, sum);
		h = bench_mix(h, bad);
	}
	return h;
}

const struct workload workload_sort = {
	.name = "sort",
	.class = WORKLOAD_INT,
	.summary = "quicksort of 2048 32-bit keys per iteration from a 256 KiB pool (perl sort-like)",
	.working_set = (SORT_POOL + SORT_SLICE) * sizeof(uint32_t),
	.arena_bytes = sizeof(struct sort_arena),
	.setup = sort_setup,
	.run = sort_run,
	.check_iterations = 32,
};

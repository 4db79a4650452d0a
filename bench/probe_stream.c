/* stream_triad: DRAM bandwidth, the triad of McCalpin's STREAM,
 * a[i] = b[i] + s * c[i] over three arrays of doubles that together span
 * >= 4 x LLC, so every pass streams from and to memory. One iteration is one
 * block of STREAM_BLOCK elements of each array, the blocks taken in turn and
 * the arrays wrapping around: STREAM counts 3 x 8 bytes per element
 * (probe_work_per_iter = 24 x STREAM_BLOCK = 192 KiB); with the
 * write-allocate read of a, the memory traffic is 4/3 of that.
 * bytes per cycle = probe_work_per_iter / cycles_per_iter.
 * Each run starts at the block after the one the previous run ended on, so
 * successive samples stream on instead of re-reading what the last one left
 * in the cache. Every block of b (and of c) holds the same seeded values, so
 * a run's checksum does not depend on where it started: it repeats after one
 * setup. Results are exact (no FMA contraction, mk/bench.mk).
 * The arrays are not contiguous: n is a multiple of STREAM_BLOCK (64 KiB), so
 * back to back a[i], b[i] and c[i] would sit a multiple of 64 KiB apart, the
 * store to a[i] 4K-aliasing both loads and all three streams hitting the same
 * DRAM bank rows. Padding after a and after b (STREAM_PAD_AB, STREAM_PAD_BC)
 * moves them apart as McCalpin's OFFSET does ("Use of non-zero values for
 * OFFSET can be especially helpful if the STREAM_ARRAY_SIZE is set to a value
 * close to a large power of 2", stream.c v5.10): each pad is a non-power-of-two
 * number of pages (bank and row bits) plus an odd number of cache lines (the
 * 4 KiB page offset: a, b and c 21 lines from each other within a page,
 * wherever the arena's header puts a). */
#include "bench/common.h"
#include "bench/probe.h"

#define STREAM_BLOCK 8192u                                      /* elements: 64 KiB per array */
#define STREAM_GROUP_BYTES (3u * STREAM_BLOCK * sizeof(double)) /* one block of a, b and c */
#define STREAM_SCALAR 3.0
/* The arena: one cache line (struct stream_header), then a, STREAM_PAD_AB,
 * b, STREAM_PAD_BC, c. The pads are distinct mod 64 KiB so that b - a, c - b
 * and c - a all differ there too. */
#define STREAM_HEADER_BYTES 64u
#define STREAM_PAD_AB (3u * 4096u + 21u * 64u)
#define STREAM_PAD_BC (5u * 4096u + 21u * 64u)
#define STREAM_FIXED_BYTES (STREAM_HEADER_BYTES + STREAM_PAD_AB + STREAM_PAD_BC)
/* Build-time check: 4 blocks per array (768 KiB and the pads). */
#define STREAM_CHECK_ARENA_BYTES (STREAM_FIXED_BYTES + 4u * STREAM_GROUP_BYTES)

struct stream_header {
	uint64_t n;      /* elements per array */
	uint64_t cursor; /* block the next run starts with */
};

/* Blocks per array in an arena of arena_bytes. */
static uint64_t stream_blocks(size_t arena_bytes)
{
	return (arena_bytes - STREAM_FIXED_BYTES) / STREAM_GROUP_BYTES;
}

/* Arrays a, b and c of n elements each, with the pads between them. */
static double *stream_a(void *arena)
{
	return (double *)((uint8_t *)arena + STREAM_HEADER_BYTES);
}

static double *stream_b(double *a, uint64_t n)
{
	return (double *)((uint8_t *)(a + n) + STREAM_PAD_AB);
}

static double *stream_c(double *b, uint64_t n)
{
	return (double *)((uint8_t *)(b + n) + STREAM_PAD_BC);
}

void probe_stream_arrays(void *arena, double **a, double **b, double **c)
{
	uint64_t n = ((const struct stream_header *)arena)->n;
	*a = stream_a(arena);
	*b = stream_b(*a, n);
	*c = stream_c(*b, n);
}

static void stream_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	uint64_t blocks = stream_blocks(arena_bytes), n = blocks * STREAM_BLOCK;
	double *a = stream_a(arena), *b = stream_b(a, n), *c = stream_c(b, n);
	struct rng rng = rng_init(seed, 102);
	struct stream_header *h = arena;

	for (uint64_t i = 0; i < STREAM_BLOCK; i++) {
		b[i] = rng_unit(&rng);
		c[i] = rng_unit(&rng);
	}
	for (uint64_t i = 0; i < n; i++) {
		a[i] = 0.0;
		b[i] = b[i % STREAM_BLOCK];
		c[i] = c[i % STREAM_BLOCK];
	}
	memset(arena, 0, STREAM_HEADER_BYTES);
	h->n = n;
}

static uint64_t stream_run(void *arena, uint64_t iterations)
{
	struct stream_header *hd = arena;
	double *a = stream_a(arena), *b = stream_b(a, hd->n);
	const double *c = stream_c(b, hd->n);
	uint64_t blocks = hd->n / STREAM_BLOCK, h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		uint64_t first = (hd->cursor + it) % blocks * STREAM_BLOCK;
		double *ab = a + first;
		const double *bb = b + first, *cb = c + first;
		for (uint32_t i = 0; i < STREAM_BLOCK; i++)
			ab[i] = bb[i] + STREAM_SCALAR * cb[i];
		h = bench_mix(h, bench_bits(ab[it % STREAM_BLOCK]));
	}
	hd->cursor = (hd->cursor + iterations) % blocks;
	return h;
}

static size_t stream_arena_for_llc(uint64_t llc_bytes)
{
	if (!llc_bytes)
		return 0;
	uint64_t groups = (WORKLOAD_LLC_MULTIPLE * llc_bytes + STREAM_GROUP_BYTES - 1) / STREAM_GROUP_BYTES;
	return (size_t)(STREAM_FIXED_BYTES + groups * STREAM_GROUP_BYTES);
}

const struct workload probe_stream[PROBE_STREAM_VARIANTS] = {
	{
		.name = "stream_triad",
		.class = WORKLOAD_PROBE,
		.summary = "DRAM bandwidth: STREAM triad a = b + s*c over >= 4 x LLC",
		.working_set = STREAM_CHECK_ARENA_BYTES,
		.arena_bytes = STREAM_CHECK_ARENA_BYTES,
		.arena_for_llc = stream_arena_for_llc,
		.setup = stream_setup,
		.run = stream_run,
		.check_iterations = 8,
		.uniform_iterations = true,
		.probe_family = "stream",
		.probe_param = 0,
		.probe_work_per_iter = STREAM_GROUP_BYTES,
	},
};

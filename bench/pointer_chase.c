/* pointer_chase: dependent loads around one random cycle through 8 MiB of
 * 64-byte nodes -- the cache- and TLB-miss-bound pointer walking of
 * 505.mcf_r's and 523.xalancbmk_r's linked structures, reduced to its latency
 * chain (lmbench's lat_mem_rd idea). Every load's address comes from the one
 * before, so nothing overlaps: it measures load-to-use latency from L3 (or
 * memory where the L3 is smaller than 8 MiB).
 * The cycle is built with Sattolo's algorithm (a uniformly random single cycle
 * through all 131072 nodes). A run starts at node 0 and takes 512 steps per
 * iteration. Working set: 131072 x 64 B = 8 MiB (L3). */
#include "bench/common.h"
#include "bench/workload.h"

#define PC_NODES (128u * 1024)
#define PC_STEPS 512

struct pc_node {
	uint32_t next;
	uint32_t value;
	uint8_t pad[56]; /* one node per cache line */
};

struct pc_arena {
	struct pc_node node[PC_NODES];
};

static void pc_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct pc_arena *a = arena;
	struct rng rng = rng_init(seed, 9);

	/* Sattolo: the permutation lives in .value until it is turned into links */
	for (uint32_t i = 0; i < PC_NODES; i++)
		a->node[i].value = i;
	for (uint32_t i = PC_NODES - 1; i > 0; i--) {
		uint32_t j = rng_below(&rng, i), t = a->node[i].value;
		a->node[i].value = a->node[j].value;
		a->node[j].value = t;
	}
	for (uint32_t i = 0; i < PC_NODES; i++)
		a->node[a->node[i].value].next = a->node[(i + 1) % PC_NODES].value;
	for (uint32_t i = 0; i < PC_NODES; i++) {
		a->node[i].value = (uint32_t)rng_next(&rng);
		memset(a->node[i].pad, 0, sizeof a->node[i].pad);
	}
}

static uint64_t pc_run(void *arena, uint64_t iterations)
{
	const struct pc_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;
	uint32_t at = 0;

	for (uint64_t it = 0; it < iterations; it++) {
		uint64_t sum = 0;
		for (int s = 0; s < PC_STEPS; s++) {
			at = a->node[at].next;
			sum += a->node[at].value;
		}
		h = bench_mix(h, sum ^ at);
	}
	return h;
}

const struct workload workload_pointer_chase = {
	.name = "pointer_chase",
	.class = WORKLOAD_INT,
	.summary = "dependent loads around a random cycle of 64-byte nodes (mcf/lat_mem_rd-like)",
	.working_set = sizeof(struct pc_arena),
	.arena_bytes = sizeof(struct pc_arena),
	.setup = pc_setup,
	.run = pc_run,
	.check_iterations = 128,
	.uniform_iterations = true,
};

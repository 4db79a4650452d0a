/* The shared pointer chase (bench/probe_chase.h). */
#include "bench/common.h"
#include "bench/probe_chase.h"
#include "bench/workload.h"

/* Node i: its first 8 bytes link to the next node; the rest is padding that
 * setup borrows for the visiting order. */
static uint64_t *node_at(void *arena, uint64_t i)
{
	return (uint64_t *)((uint8_t *)arena + CHASE_HEADER_BYTES + i * CHASE_NODE_BYTES);
}

void chase_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	struct chase_header *h = arena;
	uint64_t n = (arena_bytes - CHASE_HEADER_BYTES) / CHASE_NODE_BYTES;
	struct bench_rng rng = bench_rng_init(seed, 101);

	memset(arena, 0, CHASE_HEADER_BYTES);
	h->nodes = n;
	/* The visiting order, shuffled with Sattolo's algorithm as
	 * bench/pointer_chase.c does, kept in word 1 of node i. */
	for (uint64_t i = 0; i < n; i++)
		node_at(arena, i)[1] = i;
	for (uint64_t i = n - 1; i > 0; i--) {
		uint64_t j = (bench_rng_next(&rng) >> 11) % i;
		uint64_t *ni = node_at(arena, i), *nj = node_at(arena, j), t = ni[1];
		ni[1] = nj[1];
		nj[1] = t;
	}
	/* Link the order into one cycle: order[i] -> order[i + 1]. */
	for (uint64_t i = 0; i < n; i++) {
		uint64_t from = node_at(arena, i)[1], to = node_at(arena, (i + 1) % n)[1];
		node_at(arena, from)[0] = (uint64_t)(uintptr_t)node_at(arena, to);
	}
	for (unsigned j = 0; j < CHASE_MAX_CHAINS; j++)
		h->start[j] = (uint64_t)(uintptr_t)node_at(arena, node_at(arena, n * j / CHASE_MAX_CHAINS)[1]);
	for (uint64_t i = 0; i < n; i++)
		memset(node_at(arena, i) + 1, 0, CHASE_NODE_BYTES - sizeof(uint64_t));
}

size_t chase_arena_for_llc(uint64_t llc_bytes)
{
	if (!llc_bytes)
		return 0;
	uint64_t nodes = (WORKLOAD_LLC_MULTIPLE * llc_bytes + CHASE_NODE_BYTES - 1) / CHASE_NODE_BYTES;
	return (size_t)(CHASE_HEADER_BYTES + nodes * CHASE_NODE_BYTES);
}

uint64_t chase_mix_position(const void *arena, uint64_t h, uint64_t at)
{
	uint64_t first = (uint64_t)(uintptr_t)arena + CHASE_HEADER_BYTES;
	return bench_mix(h, (at - first) / CHASE_NODE_BYTES);
}

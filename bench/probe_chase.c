/* The shared pointer chase (bench/probe_chase.h). */
#include "bench/common.h"
#include "bench/probe_chase.h"
#include "bench/workload.h"

static uint64_t *node_at(const void *arena, uint64_t i)
{
	return (uint64_t *)((uint8_t *)arena + CHASE_HEADER_BYTES + i * CHASE_NODE_BYTES);
}

static uint64_t address_of(const void *arena, uint64_t i)
{
	return (uint64_t)(uintptr_t)node_at(arena, i);
}

void chase_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	struct chase_header *h = arena;
	uint64_t n = (arena_bytes - CHASE_HEADER_BYTES) / CHASE_NODE_BYTES;
	struct rng rng = rng_init(seed, 101);

	memset(arena, 0, CHASE_HEADER_BYTES);
	h->nodes = n;
	h->token = rng_next(&rng);
	for (uint64_t i = 0; i < n; i++) {
		memset(node_at(arena, i), 0, CHASE_NODE_BYTES);
		node_at(arena, i)[1] = i;
	}
	/* The visiting order (word 1: rank i -> node), shuffled with Sattolo's
	 * algorithm as bench/pointer_chase.c does. */
	for (uint64_t i = n - 1; i > 0; i--) {
		uint64_t j = (rng_next(&rng) >> 11) % i;
		uint64_t *ni = node_at(arena, i), *nj = node_at(arena, j), t = ni[1];
		ni[1] = nj[1];
		nj[1] = t;
	}
	/* Link rank i to rank i + 1 (one cycle), record ranks, and turn the
	 * order into addresses. */
	for (uint64_t i = 0; i < n; i++) {
		uint64_t from = node_at(arena, i)[1], to = node_at(arena, (i + 1) % n)[1];
		node_at(arena, from)[0] = address_of(arena, to);
		node_at(arena, from)[2] = i;
	}
	for (uint64_t i = 0; i < n; i++)
		node_at(arena, i)[1] = address_of(arena, node_at(arena, i)[1]);
}

size_t chase_arena_for_llc(uint64_t llc_bytes)
{
	if (!llc_bytes)
		return 0;
	uint64_t nodes = (WORKLOAD_LLC_MULTIPLE * llc_bytes + CHASE_NODE_BYTES - 1) / CHASE_NODE_BYTES;
	return (size_t)(CHASE_HEADER_BYTES + nodes * CHASE_NODE_BYTES);
}

/* Rank where chain j of k starts this run. */
static uint64_t start_rank(const struct chase_header *h, unsigned j, unsigned k)
{
	return (h->cursor + h->nodes / k * j) % h->nodes;
}

void chase_begin(const void *arena, unsigned k, uint64_t *at)
{
	const struct chase_header *h = arena;
	for (unsigned j = 0; j < k; j++)
		at[j] = node_at(arena, start_rank(h, j, k))[1];
}

uint64_t chase_end(void *arena, unsigned k, const uint64_t *at, uint64_t steps)
{
	struct chase_header *h = arena;
	uint64_t sum = h->token;
	for (unsigned j = 0; j < k; j++) {
		uint64_t rank = ((const uint64_t *)(uintptr_t)at[j])[2];
		sum = bench_mix(sum, (rank + h->nodes - start_rank(h, j, k)) % h->nodes);
	}
	h->cursor = (h->cursor + steps) % h->nodes;
	return sum;
}

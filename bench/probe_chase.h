/* The cache-missing pointer chase the rob, sq and mlp probes share (internal
 * to bench/). The arena is a 4 KiB header followed by 64-byte nodes, one per
 * cache line; each node holds the address of the next, and following them
 * visits every node once in a random order (one cycle), so consecutive loads
 * land on random lines of random pages and no prefetcher can follow.
 * A run's k chains start at evenly spaced points of that cycle, n/k apart,
 * from a cursor that each run advances by the steps it took: successive
 * samples walk on into lines they have not touched for a whole cycle, instead
 * of re-reading a prefix the last sample left in the cache. So that every run
 * still returns the same checksum, it checks distances, not places: each node
 * knows its rank on the cycle, and a chain that took s steps must end s ranks
 * after where it started.
 * The addresses are absolute: the arena must not move between setup and run. */
#ifndef IDLEBENCH_BENCH_PROBE_CHASE_H
#define IDLEBENCH_BENCH_PROBE_CHASE_H

#include <stddef.h>
#include <stdint.h>

/* Most chains a probe walks at once (mlp_16). */
#define CHASE_MAX_CHAINS 16
/* Bytes before the first node: the header and, from CHASE_SCRATCH_OFFSET,
 * the L1-resident buffer the store-queue probe writes. */
#define CHASE_HEADER_BYTES 4096
#define CHASE_SCRATCH_OFFSET 2048
/* A node: one cache line. Word 0 links to the next node, word 1 holds the
 * address of the node whose rank is this node's number (the cycle in order),
 * word 2 this node's rank; the rest is zero. */
#define CHASE_NODE_BYTES 64
/* Arena of the build-time check: 16384 nodes (1 MiB). */
#define CHASE_CHECK_ARENA_BYTES (CHASE_HEADER_BYTES + 16384u * CHASE_NODE_BYTES)

/* The arena's first bytes. */
struct chase_header {
	uint64_t nodes;  /* nodes after the header */
	uint64_t cursor; /* rank where chain 0 of the next run starts */
	uint64_t token;  /* drawn from the seed: the checksum's start */
};

/* Build the cycle over all of arena_bytes (at least two nodes) from seed. */
void chase_setup(void *arena, size_t arena_bytes, uint64_t seed);

/* Arena for a last-level cache of llc_bytes: the header and
 * WORKLOAD_LLC_MULTIPLE x llc_bytes of nodes; 0 when llc_bytes is 0. */
size_t chase_arena_for_llc(uint64_t llc_bytes);

/* Where the k chains (k <= CHASE_MAX_CHAINS) of this run start: at[j] is the
 * address of the node of rank cursor + j * nodes / k. */
void chase_begin(const void *arena, unsigned k, uint64_t *at);

/* The checksum of a run whose k chains, started by chase_begin, each took
 * steps steps and stand at at[]: the distance each went along the cycle,
 * folded into the seed's token. Advances the cursor by steps. */
uint64_t chase_end(void *arena, unsigned k, const uint64_t *at, uint64_t steps);

/* The rob and sq loop: per iteration load chain a, the filler, load chain b,
 * the filler. The loads and fillers sit in one asm statement so the compiler
 * can neither reorder nor drop them; filler is assembler text that may use %3
 * (a register holding a value to store) and %4 (the scratch buffer). */
#define CHASE_TWO_CHAINS_WITH_FILLER(a, b, iterations, scratch, filler)               \
	do {                                                                          \
		uint64_t chase_n_ = (iterations), chase_value_ = 0;                  \
		if (chase_n_)                                                         \
			__asm__ volatile("1:\n\t"                                     \
			                 "mov (%0), %0\n\t"                           \
			                 filler                                       \
			                 "mov (%1), %1\n\t"                           \
			                 filler                                       \
			                 "dec %2\n\t"                                 \
			                 "jnz 1b"                                     \
			                 : "+r"(a), "+r"(b), "+r"(chase_n_)           \
			                 : "r"(chase_value_), "r"(scratch)            \
			                 : "memory", "cc");                           \
	} while (0)

#endif

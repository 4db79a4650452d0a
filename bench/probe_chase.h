/* The cache-missing pointer chase the rob, sq and mlp probes share (internal
 * to bench/). The arena is a 4 KiB header followed by 64-byte nodes, one per
 * cache line; each node holds the address of the next, and following them
 * visits every node once in a random order (one cycle), so consecutive loads
 * land on random lines of random pages and no prefetcher can follow. Chains
 * are walkers started at evenly spaced points of that one cycle, so k chains
 * never touch the same node within (nodes / k) steps.
 * The addresses are absolute: the arena must not move between setup and run.
 * Checksums use node numbers, never addresses. */
#ifndef IDLEBENCH_BENCH_PROBE_CHASE_H
#define IDLEBENCH_BENCH_PROBE_CHASE_H

#include <stddef.h>
#include <stdint.h>

/* Most chains a probe walks at once (mlp_16); start points are this many. */
#define CHASE_MAX_CHAINS 16
/* Bytes before the first node: the header and, from CHASE_SCRATCH_OFFSET,
 * the L1-resident buffer the store-queue probe writes. */
#define CHASE_HEADER_BYTES 4096
#define CHASE_SCRATCH_OFFSET 2048
/* A node: one cache line. */
#define CHASE_NODE_BYTES 64
/* Arena of the build-time check: 16384 nodes (1 MiB). */
#define CHASE_CHECK_ARENA_BYTES (CHASE_HEADER_BYTES + 16384u * CHASE_NODE_BYTES)

/* The arena's first bytes. */
struct chase_header {
	uint64_t nodes;                     /* nodes after the header */
	uint64_t start[CHASE_MAX_CHAINS];   /* address of node number nodes*j/16 along the cycle */
};

/* Build the cycle over all of arena_bytes (at least two nodes) from seed. */
void chase_setup(void *arena, size_t arena_bytes, uint64_t seed);

/* Arena for a last-level cache of llc_bytes: the header and
 * WORKLOAD_LLC_MULTIPLE x llc_bytes of nodes; 0 when llc_bytes is 0. */
size_t chase_arena_for_llc(uint64_t llc_bytes);

/* Address where chain j of k (k a power of two <= 16) starts. */
static inline uint64_t chase_start(const void *arena, unsigned j, unsigned k)
{
	return ((const struct chase_header *)arena)->start[j * (CHASE_MAX_CHAINS / k)];
}

/* Fold the node number of the node at address at into h. */
uint64_t chase_mix_position(const void *arena, uint64_t h, uint64_t at);

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

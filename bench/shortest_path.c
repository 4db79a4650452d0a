/* shortest_path: Dijkstra's algorithm with a binary heap (decrease-key through
 * a position index) on a seeded sparse directed graph -- the network-simplex
 * and shortest-path flavour of 505.mcf_r: irregular loads through index
 * arrays, heap sift loops, little arithmetic.
 * Graph: 1024 nodes, 6 out-edges each (half to nearby nodes, half anywhere),
 * weights 1..1000, in compressed-sparse-row form. Iteration i runs from
 * source (i * 977) mod 1024 and folds the distance vector.
 * Working set: CSR 4 KiB + 24 KiB + 24 KiB, dist/heap/pos 3 x 4 KiB = 64 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define SP_NODES   1024
#define SP_DEGREE  6
#define SP_EDGES   (SP_NODES * SP_DEGREE)
#define SP_INF     UINT32_MAX
#define SP_NOWHERE UINT32_MAX

struct sp_arena {
	uint32_t first[SP_NODES + 1]; /* edges of node v: first[v] .. first[v+1]-1 */
	uint32_t target[SP_EDGES];
	uint32_t weight[SP_EDGES];
	uint32_t dist[SP_NODES];
	uint32_t heap[SP_NODES];      /* min-heap of nodes keyed by dist */
	uint32_t pos[SP_NODES];       /* heap index of a node, or SP_NOWHERE */
};

static void sp_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct sp_arena *a = arena;
	struct rng rng = rng_init(seed, 4);

	for (uint32_t v = 0; v < SP_NODES; v++) {
		a->first[v] = v * SP_DEGREE;
		for (uint32_t k = 0; k < SP_DEGREE; k++) {
			uint32_t e = v * SP_DEGREE + k;
			uint32_t t = k < SP_DEGREE / 2 ? (v + 1 + rng_below(&rng, 64)) % SP_NODES
			                               : rng_below(&rng, SP_NODES);
			a->target[e] = t;
			a->weight[e] = 1 + rng_below(&rng, 1000);
		}
	}
	a->first[SP_NODES] = SP_EDGES;
}

static void heap_place(struct sp_arena *a, uint32_t i, uint32_t v)
{
	a->heap[i] = v;
	a->pos[v] = i;
}

static void sift_up(struct sp_arena *a, uint32_t i)
{
	uint32_t v = a->heap[i], d = a->dist[v];
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;
		if (a->dist[a->heap[parent]] <= d)
			break;
		heap_place(a, i, a->heap[parent]);
		i = parent;
	}
	heap_place(a, i, v);
}

static void sift_down(struct sp_arena *a, uint32_t i, uint32_t n)
{
	uint32_t v = a->heap[i], d = a->dist[v];
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && a->dist[a->heap[c + 1]] < a->dist[a->heap[c]])
			c++;
		if (a->dist[a->heap[c]] >= d)
			break;
		heap_place(a, i, a->heap[c]);
		i = c;
	}
	heap_place(a, i, v);
}

static uint64_t dijkstra(struct sp_arena *a, uint32_t source)
{
	uint32_t n = 0;
	uint64_t settled = 0;

	for (uint32_t v = 0; v < SP_NODES; v++) {
		a->dist[v] = SP_INF;
		a->pos[v] = SP_NOWHERE;
	}
	a->dist[source] = 0;
	heap_place(a, n++, source);
	while (n > 0) {
		uint32_t u = a->heap[0];
		a->pos[u] = SP_NOWHERE;
		if (--n > 0) {
			heap_place(a, 0, a->heap[n]);
			sift_down(a, 0, n);
		}
		settled++;
		for (uint32_t e = a->first[u]; e < a->first[u + 1]; e++) {
			uint32_t t = a->target[e], nd = a->dist[u] + a->weight[e];
			if (nd >= a->dist[t])
				continue;
			a->dist[t] = nd;
			if (a->pos[t] == SP_NOWHERE)
				heap_place(a, n++, t);
			sift_up(a, a->pos[t]);
		}
	}
	uint64_t h = settled;
	for (uint32_t v = 0; v < SP_NODES; v++)
		h = h * 1000003 + a->dist[v];
	return h;
}

static uint64_t sp_run(void *arena, uint64_t iterations)
{
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++)
		h = bench_mix(h, dijkstra(arena, (uint32_t)((it * 977) % SP_NODES)));
	return h;
}

const struct workload workload_shortest_path = {
	.name = "shortest_path",
	.class = WORKLOAD_INT,
	.summary = "Dijkstra with a binary heap on a 1024-node sparse graph (mcf-like)",
	.working_set = sizeof(struct sp_arena),
	.arena_bytes = sizeof(struct sp_arena),
	.setup = sp_setup,
	.run = sp_run,
	.check_iterations = 16,
	.uniform_iterations = true,
};

/* mlp_k: memory-level parallelism. k independent pointer chases over
 * >= 4 x LLC, started at evenly spaced points of one random cycle
 * (bench/probe_chase.h), advanced in lock step: one iteration is
 * MLP_STEPS steps of every chain, i.e. MLP_STEPS x k cache-missing loads.
 * Each chain's next address comes from its previous load, so one chain has one
 * miss in flight; k chains can have k, up to the core's miss buffers (L1 fill
 * buffers / MABs) and the window that holds them. ns per access =
 * ns / (iterations x MLP_STEPS x k) (probe_work_per_iter = MLP_STEPS x k);
 * it falls with k until the buffers or the ROB share run out.
 * Plain C: the loads feed the checksum, so none can be dropped, and their
 * order within a step does not matter. */
#include "bench/common.h"
#include "bench/probe.h"
#include "bench/probe_chase.h"

#define MLP_STEPS 64

static inline __attribute__((always_inline)) uint64_t mlp_walk(void *arena, uint64_t iterations, unsigned k)
{
	uint64_t at[CHASE_MAX_CHAINS];
	chase_begin(arena, k, at);
	for (uint64_t it = 0; it < iterations; it++)
		for (unsigned s = 0; s < MLP_STEPS; s++)
			for (unsigned j = 0; j < k; j++)
				at[j] = *(const uint64_t *)(uintptr_t)at[j];
	return chase_end(arena, k, at, iterations * MLP_STEPS);
}

#define MLP_RUN(k)                                                    \
	static uint64_t mlp_run_##k(void *arena, uint64_t iterations) \
	{                                                             \
		return mlp_walk(arena, iterations, k);                \
	}
#define MLP_SWEEP(X) X(1) X(2) X(4) X(8) X(16)

MLP_SWEEP(MLP_RUN)

#define MLP_ENTRY(k)                                                                   \
	{                                                                              \
		.name = "mlp_" #k,                                                     \
		.class = WORKLOAD_PROBE,                                               \
		.summary = "memory-level parallelism: " #k " independent missing pointer chases", \
		.working_set = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_bytes = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_for_llc = chase_arena_for_llc,                                  \
		.setup = chase_setup, /* one setup serves every chase probe */ \
		.run = mlp_run_##k,                                                    \
		.check_iterations = 16,                                                \
		.uniform_iterations = true,                                            \
		.probe_family = "mlp",                                                 \
		.probe_param = k,                                                      \
		.probe_work_per_iter = MLP_STEPS * k,                                  \
	},

const struct workload probe_mlp[PROBE_MLP_VARIANTS] = { MLP_SWEEP(MLP_ENTRY) };
_Static_assert(sizeof probe_mlp / sizeof probe_mlp[0] == PROBE_MLP_VARIANTS, "PROBE_MLP_VARIANTS");

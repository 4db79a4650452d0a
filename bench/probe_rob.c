/* rob_N: reorder-buffer capacity, after Henry Wong, "Measuring Reorder Buffer
 * Capacity" (blog.stuffedcow.net/2013/05/measuring-rob-capacity). Two
 * independent pointer chases over >= 4 x LLC (every load misses the caches),
 * per iteration: load of chain A, N NOPs, load of chain B, N NOPs. While
 * A + N NOPs + B fit in the instruction window, B's miss starts while A's is
 * outstanding and an iteration costs about one memory latency; once they do not
 * fit, B waits for A to retire and the iteration costs two. The N where
 * cycles_per_iter steps up (bench/probe.h, probe_find_knee) is the window:
 * the full ROB with the sibling halted, half of it where SMT keeps the
 * partition. NOPs take a ROB entry each and no register (Wong, fig. 2).
 * Sweep: 16..768 (Zen 1-4 ROB 192/224/256/320, Intel Skylake 224, Golden
 * Cove 512), finer around 192-256. One iteration = one load of each chain. */
#include "bench/common.h"
#include "bench/probe.h"
#include "bench/probe_chase.h"

#define ROB_FILLER(n) ".rept " #n "\n\tnop\n\t.endr\n\t"

#define ROB_RUN(n)                                                                    \
	static uint64_t rob_run_##n(void *arena, uint64_t iterations)                 \
	{                                                                             \
		uint64_t at[2];                                                       \
		chase_begin(arena, 2, at);                                            \
		uint64_t a = at[0], b = at[1];  \
		CHASE_TWO_CHAINS_WITH_FILLER(a, b, iterations, arena, ROB_FILLER(n)); \
		at[0] = a;                                                            \
		at[1] = b;                                                            \
		return chase_end(arena, 2, at, iterations);                           \
	}
#define ROB_SWEEP(X) X(16) X(32) X(48) X(64) X(96) X(128) X(160) X(192) X(224) X(256) \
                     X(320) X(384) X(448) X(512) X(640) X(768)

ROB_SWEEP(ROB_RUN)

#define ROB_ENTRY(n)                                                                   \
	{                                                                              \
		.name = "rob_" #n,                                                     \
		.class = WORKLOAD_PROBE,                                               \
		.summary = "ROB capacity: two missing chains " #n " NOPs apart (Wong 2013)", \
		.working_set = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_bytes = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_for_llc = chase_arena_for_llc,                                  \
		.setup = chase_setup, /* one setup serves every chase probe */ \
		.run = rob_run_##n,                                                    \
		.check_iterations = 256,                                               \
		.uniform_iterations = true,                                            \
		.probe_family = "rob",                                                 \
		.probe_param = n,                                                      \
	},

const struct workload probe_rob[PROBE_ROB_VARIANTS] = { ROB_SWEEP(ROB_ENTRY) };
_Static_assert(sizeof probe_rob / sizeof probe_rob[0] == PROBE_ROB_VARIANTS, "PROBE_ROB_VARIANTS");

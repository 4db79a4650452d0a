/* sq_B: store-queue capacity, Wong's ROB method with stores as the filler
 * (his article measures the store buffer the same way; Chips and Cheese
 * use it for Zen and Golden Cove). Two independent missing pointer chases
 * over >= 4 x LLC, per iteration: load of chain A, B stores, load of chain B,
 * B stores. A store leaves the store queue only after it retires, and nothing
 * retires past A's outstanding miss, so the B stores after A pile up in the
 * queue: while they fit, B's load is issued under A's miss (one memory latency
 * per iteration); once B exceeds the queue, allocation stalls before B's load
 * and the misses serialise (two latencies). The stores write distinct 8-byte
 * slots of a 2 KiB L1-resident scratch buffer (no store-to-load forwarding,
 * no misses) with a constant value; B <= 192 stays far below any ROB, so the
 * ROB is not what fills. Sweep 8..192 (Zen 2 48 stores, Zen 3/4 64,
 * Skylake 56, Golden Cove 114), fine-grained below 64. */
#include "bench/common.h"
#include "bench/probe.h"
#include "bench/probe_chase.h"

/* B stores to scratch + 0, 8, 16, ...: the assembler counts the offset. */
#define SQ_FILLER(n)                                                  \
	".set idlebench_sq_offset, 0\n\t"                             \
	".rept " #n "\n\t"                                            \
	"mov %3, idlebench_sq_offset(%4)\n\t"                         \
	".set idlebench_sq_offset, idlebench_sq_offset + 8\n\t"       \
	".endr\n\t"

#define SQ_RUN(n)                                                                     \
	static uint64_t sq_run_##n(void *arena, uint64_t iterations)                  \
	{                                                                             \
		uint64_t at[2];                                                       \
		chase_begin(arena, 2, at);                                            \
		uint64_t a = at[0], b = at[1];  \
		uint8_t *scratch = (uint8_t *)arena + CHASE_SCRATCH_OFFSET;           \
		CHASE_TWO_CHAINS_WITH_FILLER(a, b, iterations, scratch, SQ_FILLER(n)); \
		at[0] = a;                                                            \
		at[1] = b;                                                            \
		return chase_end(arena, 2, at, iterations);                           \
	}
#define SQ_SWEEP(X) X(8) X(16) X(24) X(32) X(40) X(48) X(56) X(64) X(80) X(96) X(112) \
                    X(128) X(160) X(192)

_Static_assert(192 * 8 <= CHASE_HEADER_BYTES - CHASE_SCRATCH_OFFSET, "scratch too small for sq_192");

SQ_SWEEP(SQ_RUN)

#define SQ_ENTRY(n)                                                                    \
	{                                                                              \
		.name = "sq_" #n,                                                      \
		.class = WORKLOAD_PROBE,                                               \
		.summary = "store queue: two missing chains " #n " stores apart",      \
		.working_set = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_bytes = CHASE_CHECK_ARENA_BYTES,                                \
		.arena_for_llc = chase_arena_for_llc,                                  \
		.setup = chase_setup, /* one setup serves every chase probe */ \
		.run = sq_run_##n,                                                     \
		.check_iterations = 256,                                               \
		.uniform_iterations = true,                                            \
		.probe_family = "sq",                                                  \
		.probe_param = n,                                                      \
	},

const struct workload probe_sq[PROBE_SQ_VARIANTS] = { SQ_SWEEP(SQ_ENTRY) };
_Static_assert(sizeof probe_sq / sizeof probe_sq[0] == PROBE_SQ_VARIANTS, "PROBE_SQ_VARIANTS");

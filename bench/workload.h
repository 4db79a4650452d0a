/* The workload registry: self-checking compute kernels modelled on the domains
 * of SPEC CPU2017 rate and UnixBench's CPU tests (our own code), each with a
 * name, a class, a documented working set, inputs generated from a seed and a
 * checksum of its output. Freestanding: the kernel and the host build the same
 * sources with the same BENCH_CFLAGS (mk/bench.mk), so a checksum that differs
 * from the build-time one (bench/expected.c) means the kernel computed
 * something else.
 *
 * Working set: the bytes a kernel cycles through in steady state, i.e. what
 * must stay cached for it to run from one cache level. A single iteration may
 * touch only part of it (the L3-sized kernels walk a slice per iteration so one
 * iteration still lasts 1-200 us). Sizing targets: L1 < 32 KiB; L2 between
 * 32 KiB and 1 MiB (past a 32 KiB L1d, inside a 512 KiB-1 MiB L2); L3 4-8 MiB
 * (past any L2, inside a typical L3 slice).
 *
 * Probes (class `probe`, bench/probe.h) are not models of programs but
 * measurements of one core structure each (reorder buffer, memory-level
 * parallelism, DRAM bandwidth, store queue). Those that must miss the last-level
 * cache size their arena from it at run time (arena_for_llc); their build-time
 * checksum is taken at the fixed arena_bytes (working_set is that check size). */
#ifndef IDLEBENCH_BENCH_WORKLOAD_H
#define IDLEBENCH_BENCH_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Integer or floating-point kernel (the CSV's `class` column and the geomean),
 * or a mechanism probe (bench/probe.h; not in `all` nor in the class geomeans). */
enum workload_class { WORKLOAD_INT, WORKLOAD_FP, WORKLOAD_PROBE };

/* One workload. The arena is caller-provided, 64-byte aligned and at least
 * workload_arena_bytes() long (arena_bytes for the build-time check). */
struct workload {
	const char *name;            /* lowercase [a-z0-9_], the contract name on the command line and in the CSV */
	enum workload_class class;   /* int or fp */
	const char *summary;         /* one line: what it computes, which real program it resembles */
	size_t working_set;          /* bytes cycled through in steady state (see above) */
	size_t arena_bytes;          /* arena it needs (>= working_set); for a sized probe the fixed
	                              * arena of the build-time checksum and the kernel's self-check */
	size_t (*arena_for_llc)(uint64_t llc_bytes); /* NULL: fixed arena_bytes; else the measurement
	                              * arena for this last-level cache size (0: llc_bytes unknown) */
	/* Generate inputs deterministically from seed into arena_bytes of arena (fixed
	 * workloads ignore arena_bytes; sized probes use all of it). */
	void (*setup)(void *arena, size_t arena_bytes, uint64_t seed);
	uint64_t (*run)(void *arena, uint64_t iterations); /* do the work, return an output checksum; repeatable after one setup */
	uint64_t check_iterations;   /* iterations used for the build-time checksum */
	bool uniform_iterations;     /* every iteration costs the same instructions, so 1 % more
	                              * iterations is exactly 1 % more work (the spike-in control);
	                              * false where iterations cycle through inputs of different cost.
	                              * Measured under QEMU -icount (tests/qemu/test_experiment.sh) */
	const char *probe_family;    /* probes: "rob", "mlp", "stream" or "sq" (bench/probe.h); NULL otherwise */
	uint32_t probe_param;        /* probes: the swept parameter (fillers, chains, stores); 0 if none */
	uint64_t probe_work_per_iter; /* mlp: loads per iteration; stream: bytes moved per iteration; else 0 */
};

/* Arenas of sized probes are at least this many times the last-level cache. */
#define WORKLOAD_LLC_MULTIPLE 4

/* Seed for the build-time checksums (tools/build/gen_workload_checksums.c) and for
 * the kernel's check: the digits of pi's fractional part in hex (0x243F6A88...). */
#define WORKLOAD_CHECK_SEED UINT64_C(0x243F6A8885A308D3)

/* Upper bound on the registry's size (selection arrays are this long; a
 * _Static_assert in bench/registry.c enforces it). */
#define WORKLOAD_MAX 64

/* Number of registered workloads. */
size_t workload_count(void);

/* Workload number index (0 <= index < workload_count()), or NULL past the end. */
const struct workload *workload_at(size_t index);

/* Registry index of the workload called name, or -1 if there is none. */
int workload_find(const char *name);

/* Arena the workload needs to measure on a machine whose last-level cache is
 * llc_bytes: arena_bytes for fixed workloads, arena_for_llc(llc_bytes) for
 * sized probes (0 when llc_bytes is 0, i.e. unknown: the probe cannot run). */
size_t workload_arena_bytes(const struct workload *w, uint64_t llc_bytes);

/* Why the workload cannot be measured with an arena of at most available
 * bytes on a machine with this LLC (a one-line reason), or NULL if it can. */
const char *workload_arena_skip_reason(const struct workload *w, uint64_t llc_bytes, size_t available);

/* "int", "fp" or "probe": the class as written in the CSV and on the command line. */
const char *workload_class_name(enum workload_class class);

/* A set of workloads: selected[i] refers to workload_at(i). */
struct workload_selection {
	bool selected[WORKLOAD_MAX]; /* true: run workload i */
	size_t count;                /* number of true entries */
};

/* Why a `workloads=` value was rejected. */
enum workload_select_error {
	WORKLOAD_SELECT_OK = 0,
	WORKLOAD_SELECT_EMPTY,        /* the value is empty */
	WORKLOAD_SELECT_EMPTY_ITEM,   /* ",," or a leading/trailing comma */
	WORKLOAD_SELECT_UNKNOWN,      /* an item is neither a class, a probe family nor a workload name */
};

/* Parse `all|int|fp|probe|<family>|<name>[,<item>...]` (a comma-separated
 * union; repeats are harmless) into sel. `all` is int+fp (the probes measure
 * the core, not a program, so presets built on `all` do not change); `probe`
 * is every probe, a family name (rob, mlp, stream, sq) its variants. On error sel selects nothing and, when err_size > 0, err
 * receives a NUL-terminated one-line message (truncated to fit) that names the
 * offending item and lists the valid ones. Freestanding. */
enum workload_select_error workload_select(const char *spec, struct workload_selection *sel,
                                           char *err, size_t err_size);

/* Name of a selection error value, e.g. "WORKLOAD_SELECT_UNKNOWN". */
const char *workload_select_error_name(enum workload_select_error e);

/* Build-time checksum of workload index for setup(WORKLOAD_CHECK_SEED) then
 * run(check_iterations); false if the generated table does not know it (index
 * out of range or a name mismatch, i.e. a stale table). bench/expected.c. */
bool workload_expected_checksum(size_t index, uint64_t *checksum);

/* The workloads, one per file bench/<name>.c (listed in bench/registry.c). */
extern const struct workload workload_lz;            /* LZ77 compress+decompress (gzip/xz-like), L2 */
extern const struct workload workload_hash;          /* CRC-32 + 64-bit hash over a 4 MiB buffer, L3 */
extern const struct workload workload_sort;          /* quicksort of 32-bit records (sort-like), L2 */
extern const struct workload workload_shortest_path; /* Dijkstra on a sparse graph (mcf-like), L2 */
extern const struct workload workload_alphabeta;     /* connect-four alpha-beta search (deepsjeng-like), L2 */
extern const struct workload workload_interp;        /* stack bytecode interpreter (perlbench-like), L1 */
extern const struct workload workload_sudoku;        /* backtracking sudoku solver (exchange2-like), L1 */
extern const struct workload workload_bignum;        /* 512-bit Montgomery modexp (RSA-like), L1 */
extern const struct workload workload_pointer_chase; /* dependent loads over an 8 MiB random cycle, L3 */
extern const struct workload workload_matmul;        /* blocked dense matrix multiply (dgemm), L2 */
extern const struct workload workload_stencil;       /* 9-point 2-D stencil over 4 MiB grids, L3 */
extern const struct workload workload_nbody;         /* gravitational n-body leapfrog steps, L1 */
extern const struct workload workload_fft;           /* radix-2 complex FFT forward+inverse, L2 */
extern const struct workload workload_lbm;           /* D2Q9 lattice-Boltzmann steps (lbm-like), L2 */
extern const struct workload workload_raytrace;      /* ray-sphere tracing with shadows (povray-like), L1 */
extern const struct workload workload_lu;            /* LU factorisation with partial pivoting + solve, L2 */
extern const struct workload workload_montecarlo;    /* Monte-Carlo Asian option pricing, L1 */
extern const struct workload workload_whetstone;     /* Whetstone-style transcendental mix, L1 */

/* The probes are declared in bench/probe.h. */

#endif

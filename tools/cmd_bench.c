/* `idlebench bench [--workloads=LIST] [--reps=N] [--sample-ms=N]`: the
 * workload registry in Linux user space, pinned to the CPU it starts on.
 * Per workload: verify the build-time checksum, calibrate an iteration count
 * so a sample lasts about sample-ms, then time `reps` samples with
 * CLOCK_MONOTONIC and serialized TSC reads. Probes (bench/probe.h) are
 * checked at their fixed check arena, then set up again at 4 x the LLC
 * (tools/host_llc.h) in transparent huge pages where Linux grants them (the
 * kernel maps 2 MiB pages too); their per-variant fastest repetitions become
 * `#! probe` records (kernel/stream/probe_record.h) after the rows. Prints the kernel's result
 * stream (kernel/stream/stream.c: same header, metadata, columns and end
 * record; rows have mode=host, and counters user space cannot read are empty),
 * so `idlebench check` and the report read it like a kernel run.
 * check=ok when the build-time checksum matched and every sample returned the
 * same checksum as the first. */
#define _GNU_SOURCE /* sched_getcpu, sched_setaffinity, madvise */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "bench/probe.h"
#include "bench/workload.h"
#include "kernel/arch/cpuid_native.h"
#include "kernel/cpu/cpu_identity.h"
#include "kernel/stream/probe_record.h"
#include "kernel/stream/sample_row.h"
#include "kernel/stream/schema.h"
#include "kernel/stream/stream.h"
#include "tools/commands.h"
#include "tools/host_llc.h"

#ifndef IDLEBENCH_VERSION
#define IDLEBENCH_VERSION "0.0.0-unknown"
#endif

#define BENCH_DEFAULT_REPS      3
#define BENCH_DEFAULT_SAMPLE_MS 50
#define BENCH_MAX_REPS          100000
#define BENCH_MAX_SAMPLE_MS     60000

/* TSC at the start of a timed region: LFENCE first so RDTSC waits for every
 * earlier instruction (Intel SDM vol. 2B, RDTSC; on AMD, LFENCE is dispatch
 * serializing where Linux sets DE_CFG[1], as it does on Zen). */
static inline uint64_t tsc_begin(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/* TSC at the end: RDTSCP waits for earlier instructions to execute, the
 * LFENCE after it keeps later ones from starting early (SDM vol. 2B, RDTSCP). */
static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi, aux;
	__asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
	(void)aux;
	return (uint64_t)hi << 32 | lo;
}

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

struct sample {
	uint64_t ns, tsc, checksum;
};

static struct sample time_run(const struct workload *w, void *arena, uint64_t iterations)
{
	struct sample s;
	uint64_t t0 = now_ns(), c0 = tsc_begin();
	s.checksum = w->run(arena, iterations);
	uint64_t c1 = tsc_end(), t1 = now_ns();
	s.ns = t1 - t0;
	s.tsc = c1 - c0;
	return s;
}

/* Double the count until a run lasts an eighth of the target, then scale. */
static uint64_t calibrate(const struct workload *w, void *arena, uint64_t sample_ns)
{
	uint64_t n = 1;
	for (;;) {
		struct sample s = time_run(w, arena, n);
		if (s.ns >= sample_ns / 8 || n >= (UINT64_C(1) << 40)) {
			double scaled = (double)n * (double)sample_ns / (double)(s.ns ? s.ns : 1);
			return scaled < 1.0 ? 1 : (uint64_t)scaled;
		}
		n *= 2;
	}
}

static int usage(FILE *out, int status)
{
	fprintf(out, "usage: idlebench bench [--workloads=all|int|fp|probe|rob|mlp|stream|sq|NAME,...] [--reps=N]\n"
	             "                       [--sample-ms=N]\n"
	             "  runs the workloads on this CPU in Linux user space and prints CSV rows;\n"
	             "  probe families also print `#! probe` records (knee, ns per access, bytes per cycle)\n"
	             "  defaults: --workloads=all --reps=%d --sample-ms=%d\n",
	        BENCH_DEFAULT_REPS, BENCH_DEFAULT_SAMPLE_MS);
	return status;
}

/* Parse a decimal in [1, max]; false on anything else. */
static bool parse_count(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v < 1 || v > max || s[0] == '-')
		return false;
	*out = v;
	return true;
}

static void stdout_sink(void *ctx, const char *bytes, size_t len)
{
	(void)ctx;
	fwrite(bytes, 1, len, stdout);
	fflush(stdout);
}

static uint64_t row_seq;

/* Per-workload fastest repetition, for the probe records (0: not run). Under
 * Linux, preemption and other tenants only ever add time to a sample, so the
 * minimum is the estimate least disturbed (the kernel, with interrupts off,
 * can use medians). */
static double fastest_cycles[WORKLOAD_MAX], fastest_ns[WORKLOAD_MAX];

/* The measurement arena of the sized probes, kept from one variant to the
 * next: the variants of a family (and rob, sq and mlp among themselves)
 * share one setup, so it runs once per size instead of once per variant. */
static struct {
	void *mem;
	size_t bytes;
	void (*setup)(void *arena, size_t arena_bytes, uint64_t seed);
} probe_arena;

/* 64-byte aligned memory for n bytes; large ones 2 MiB aligned and advised
 * into transparent huge pages (best effort: a refusal only costs TLB misses). */
static void *arena_alloc(size_t n)
{
	const size_t huge = 2u << 20;
	if (n < huge)
		return aligned_alloc(64, (n + 63) / 64 * 64);
	size_t rounded = (n + huge - 1) / huge * huge;
	void *p = aligned_alloc(huge, rounded);
	if (p)
		(void)madvise(p, rounded, MADV_HUGEPAGE);
	return p;
}

/* The probe arena for w at bytes, set up from the check seed (reused when
 * the previous probe left the same one). NULL when out of memory. */
static void *probe_arena_for(const struct workload *w, size_t bytes)
{
	if (probe_arena.mem && probe_arena.bytes == bytes && probe_arena.setup == w->setup)
		return probe_arena.mem;
	free(probe_arena.mem);
	probe_arena.mem = arena_alloc(bytes);
	probe_arena.bytes = bytes;
	probe_arena.setup = w->setup;
	if (probe_arena.mem)
		w->setup(probe_arena.mem, bytes, WORKLOAD_CHECK_SEED);
	return probe_arena.mem;
}

static double min_of(const double *v, size_t n)
{
	double m = v[0];
	for (size_t i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

/* The build-time check: setup and run at the fixed arena_bytes. */
static bool check_expected(const struct workload *w, size_t index)
{
	void *arena = arena_alloc(w->arena_bytes);
	uint64_t expected;
	if (!arena)
		return false;
	w->setup(arena, w->arena_bytes, WORKLOAD_CHECK_SEED);
	bool ok = workload_expected_checksum(index, &expected) && w->run(arena, w->check_iterations) == expected;
	free(arena);
	return ok;
}

static bool bench_one(struct stream *st, const struct workload *w, size_t index, unsigned long reps,
		      uint64_t sample_ns, uint64_t llc_bytes)
{
	const char *skip = workload_arena_skip_reason(w, llc_bytes, SIZE_MAX);
	if (skip) {
		char msg[256];
		snprintf(msg, sizeof msg, "%s skipped: %s", w->name, skip);
		stream_error(st, "WORKLOAD_SKIPPED", msg);
		return true;
	}
	size_t bytes = workload_arena_bytes(w, llc_bytes);
	bool ok = check_expected(w, index);
	void *arena = w->arena_for_llc ? probe_arena_for(w, bytes) : arena_alloc(bytes);
	if (!arena) {
		fprintf(stderr, "idlebench bench: %s: cannot allocate %zu bytes\n", w->name, bytes);
		return false;
	}
	if (!w->arena_for_llc)
		w->setup(arena, bytes, WORKLOAD_CHECK_SEED);
	uint64_t n = calibrate(w, arena, sample_ns);
	uint64_t reference = 0;
	double *cycles = calloc(reps, sizeof *cycles), *ns = calloc(reps, sizeof *ns);
	if (!cycles || !ns) {
		fprintf(stderr, "idlebench bench: %s: out of memory\n", w->name);
		return false;
	}
	for (unsigned long rep = 0; rep < reps; rep++) {
		struct sample s = time_run(w, arena, n);
		if (rep == 0)
			reference = s.checksum;
		ok = ok && s.checksum == reference;
		cycles[rep] = (double)s.tsc / (double)n;
		ns[rep] = (double)s.ns / (double)n;
		/* Placement and the counters are not measured here: empty cells. */
		struct sample_row row = {
			.seq = row_seq++,
			.workload = w->name,
			.class = workload_class_name(w->class),
			.mode = "host",
			.rep = rep,
			.iterations = n,
			.tsc_cycles = s.tsc,
			.ns = s.ns,
			.cycles_per_iter = cycles[rep],
			.check = ok,
		};
		sample_row_write(st, &row);
	}
	fastest_cycles[index] = min_of(cycles, reps);
	fastest_ns[index] = min_of(ns, reps);
	free(cycles);
	free(ns);
	if (!w->arena_for_llc)
		free(arena);
	return ok;
}

/* One `#! probe` record set per family with a measured variant. */
static void write_probe_records(struct stream *st)
{
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		double cycles[PROBE_MAX_VARIANTS], ns[PROBE_MAX_VARIANTS];
		for (size_t v = 0; v < fam->count; v++) {
			int i = workload_find(fam->variants[v].name);
			cycles[v] = i >= 0 ? fastest_cycles[i] : NAN;
			ns[v] = i >= 0 ? fastest_ns[i] : NAN;
		}
		struct probe_summary s;
		if (probe_summarize(fam, cycles, ns, &s))
			probe_record_write(st, &s, "host");
	}
}

int cmd_bench(int argc, char **argv)
{
	const char *spec = "all";
	unsigned long reps = BENCH_DEFAULT_REPS, sample_ms = BENCH_DEFAULT_SAMPLE_MS;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout, 0);
		if (!strncmp(a, "--workloads=", 12)) {
			spec = a + 12;
		} else if (!strncmp(a, "--reps=", 7)) {
			if (!parse_count(a + 7, BENCH_MAX_REPS, &reps)) {
				fprintf(stderr, "idlebench bench: --reps wants 1..%d, not '%s'\n", BENCH_MAX_REPS, a + 7);
				return 1;
			}
		} else if (!strncmp(a, "--sample-ms=", 12)) {
			if (!parse_count(a + 12, BENCH_MAX_SAMPLE_MS, &sample_ms)) {
				fprintf(stderr, "idlebench bench: --sample-ms wants 1..%d, not '%s'\n",
				        BENCH_MAX_SAMPLE_MS, a + 12);
				return 1;
			}
		} else {
			fprintf(stderr, "idlebench bench: unknown argument '%s'\n", a);
			return usage(stderr, 2);
		}
	}
	struct workload_selection sel;
	char err[1024];
	if (workload_select(spec, &sel, err, sizeof err) != WORKLOAD_SELECT_OK) {
		fprintf(stderr, "idlebench bench: %s\n", err);
		return 1;
	}

	/* Stay on the CPU we started on, so TSC deltas come from one core. */
	int cpu = sched_getcpu();
	cpu_set_t set;
	CPU_ZERO(&set);
	if (cpu >= 0)
		CPU_SET(cpu, &set);
	if (cpu < 0 || sched_setaffinity(0, sizeof set, &set) != 0) {
		fprintf(stderr, "idlebench bench: cannot pin to the current CPU: %s\n", strerror(errno));
		return 1;
	}

	struct stream st;
	struct cpu_identity id;
	cpu_identity_read(cpuid_native, NULL, &id);
	stream_init(&st, stdout_sink, NULL);
	stream_begin(&st, IDLEBENCH_VERSION);
	stream_meta(&st, "version", IDLEBENCH_VERSION);
	stream_metaf(&st, "schema", "%d", STREAM_SCHEMA_VERSION);
	stream_meta(&st, "boot", "linux");
	stream_meta(&st, "hypervisor", id.hypervisor ? id.hv_signature : "none");
	cpu_identity_write_meta(&id, &st);
	stream_metaf(&st, "linux_cpu", "%d", cpu);
	struct host_llc llc;
	host_llc_read(cpu, id.hypervisor, &llc);
	stream_metaf(&st, "llc_bytes", "%llu", (unsigned long long)llc.bytes);
	stream_meta(&st, "llc_source", llc.source);
	stream_metaf(&st, "reps", "%lu", reps);
	stream_metaf(&st, "sample_ms", "%lu", sample_ms);
	stream_table_header(&st);
	bool all_ok = true;
	for (size_t i = 0; i < workload_count(); i++)
		if (sel.selected[i] &&
		    !bench_one(&st, workload_at(i), i, reps, (uint64_t)sample_ms * 1000000u, llc.bytes))
			all_ok = false;
	free(probe_arena.mem);
	write_probe_records(&st);
	if (!all_ok)
		stream_error(&st, "CHECKSUM", "a workload computed a checksum different from the build-time one");
	stream_end(&st, all_ok);
	return all_ok ? 0 : 1;
}

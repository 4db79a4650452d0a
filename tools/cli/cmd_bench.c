/* `idlebench bench [--workloads=LIST] [--reps=N] [--sample-ms=N]`: the
 * workload registry in Linux user space, pinned to the CPU it starts on.
 * Per workload: verify the build-time checksum, calibrate an iteration count
 * so a sample lasts about sample-ms, then time `reps` samples with
 * CLOCK_MONOTONIC and serialized TSC reads. Probes (bench/probe.h) are
 * checked at their fixed check arena, then set up again at 4 x the LLC
 * (tools/common/host_llc.h) in transparent huge pages where Linux grants them (the
 * kernel maps 2 MiB pages too), run interleaved, and their per-variant
 * fastest repetitions become `#! probe` records (core/stream/probe_record.h) after the rows. Prints the kernel's result
 * stream (core/stream/stream.c: same header, metadata, columns and end
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
#include "platform/cpu/cpuid_native.h"
#include "core/platform/cpu_identity_meta.h"
#include "core/platform/hypervisor_name.h"
#include "platform/cpu/cpu_identity.h"
#include "core/stream/probe_record.h"
#include "core/stream/sample_row.h"
#include "core/stream/schema.h"
#include "core/stream/stream.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/common/host_llc.h"
#include "tools/common/host_timing.h"

#include "version.h" /* IDLEBENCH_VERSION, generated (mk/kernel.mk) */

#define BENCH_DEFAULT_REPS      3
#define BENCH_DEFAULT_SAMPLE_MS 50
#define BENCH_MAX_REPS          100000
#define BENCH_MAX_SAMPLE_MS     60000

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

enum { OPT_WORKLOADS, OPT_REPS, OPT_SAMPLE_MS };
static const struct cli_option options[] = {
	[OPT_WORKLOADS] = { "workloads", 0, "LIST",
			    "all|int|fp|probe|rob|mlp|stream|sq|NAME,... (default all)" },
	[OPT_REPS] = { "reps", 0, "N", "samples per workload, 1.." CLI_TEXT(BENCH_MAX_REPS) " (default "
		       CLI_TEXT(BENCH_DEFAULT_REPS) ")" },
	[OPT_SAMPLE_MS] = { "sample-ms", 0, "N", "length of one sample in ms, 1.." CLI_TEXT(BENCH_MAX_SAMPLE_MS)
			    " (default " CLI_TEXT(BENCH_DEFAULT_SAMPLE_MS) ")" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command bench_cli = {
	"bench", "",
	"Runs the workloads on this CPU in Linux user space and prints the result stream (CSV rows);\n"
	"probe families also print `#! probe` records (knee, ns per access, bytes per cycle).\n",
	"Exit: 0 every checksum matched; 1 a checksum differed or a resource was missing; 2 usage.\n", options,
	CLI_DASHDASH_ENDS_OPTIONS,
};

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

/* One workload being measured. */
struct bench_job {
	const struct workload *w;
	size_t index;          /* in the registry */
	void *arena;
	bool owns_arena;       /* false: a shared probe arena (probe_arena_for) */
	bool skipped;          /* the arena could not be sized (a WORKLOAD_SKIPPED warning was written) */
	bool ok;               /* build-time checksum matched, every sample repeated the first */
	uint64_t iterations;   /* per sample, from calibration */
	uint64_t reference;    /* the first sample's checksum */
	double fastest_cycles; /* the fastest sample so far, TSC cycles per iteration (0: none yet) */
	double fastest_ns;     /* and its ns per iteration */
};

/* The measurement arenas of the sized probes, kept for the whole run: the
 * chase probes (rob, sq, mlp) share one setup and stream_triad has its own,
 * so each is set up once however many variants use it. */
#define PROBE_ARENAS 4
static struct {
	void *mem;
	size_t bytes;
	void (*setup)(void *arena, size_t arena_bytes, uint64_t seed);
} probe_arenas[PROBE_ARENAS];

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

/* The probe arena of bytes that w's setup has filled from the check seed,
 * allocated and set up on first use. NULL when out of memory or slots. */
static void *probe_arena_for(const struct workload *w, size_t bytes)
{
	for (size_t i = 0; i < PROBE_ARENAS; i++) {
		if (probe_arenas[i].mem && probe_arenas[i].bytes == bytes && probe_arenas[i].setup == w->setup)
			return probe_arenas[i].mem;
		if (!probe_arenas[i].mem) {
			void *mem = arena_alloc(bytes);
			if (!mem)
				return NULL;
			w->setup(mem, bytes, WORKLOAD_CHECK_SEED);
			probe_arenas[i].mem = mem;
			probe_arenas[i].bytes = bytes;
			probe_arenas[i].setup = w->setup;
			return mem;
		}
	}
	return NULL;
}

static void probe_arenas_free(void)
{
	for (size_t i = 0; i < PROBE_ARENAS; i++)
		free(probe_arenas[i].mem);
	memset(probe_arenas, 0, sizeof probe_arenas);
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

/* Check, set up at the measurement size (4 x LLC for sized probes) and
 * calibrate; a probe whose arena cannot be sized is skipped with a warning.
 * False when memory runs out. */
static bool job_prepare(struct stream *st, struct bench_job *j, uint64_t sample_ns, uint64_t llc_bytes)
{
	const struct workload *w = j->w;
	const char *skip = workload_arena_skip_reason(w, llc_bytes, SIZE_MAX);
	if (skip) {
		char msg[256];
		snprintf(msg, sizeof msg, "%s skipped: %s", w->name, skip);
		stream_error(st, "WORKLOAD_SKIPPED", msg);
		j->skipped = true;
		return true;
	}
	size_t bytes = workload_arena_bytes(w, llc_bytes);
	j->ok = check_expected(w, j->index);
	j->owns_arena = !w->arena_for_llc;
	j->arena = j->owns_arena ? arena_alloc(bytes) : probe_arena_for(w, bytes);
	if (!j->arena) {
		fprintf(stderr, "idlebench bench: %s: cannot allocate %zu bytes\n", w->name, bytes);
		return false;
	}
	if (j->owns_arena)
		w->setup(j->arena, bytes, WORKLOAD_CHECK_SEED);
	j->iterations = calibrate(w, j->arena, sample_ns);
	return true;
}

/* Time repetition rep and write its row. */
static void job_sample(struct stream *st, struct bench_job *j, unsigned long rep)
{
	struct sample s = time_run(j->w, j->arena, j->iterations);
	if (rep == 0)
		j->reference = s.checksum;
	j->ok = j->ok && s.checksum == j->reference;
	double cycles = (double)s.tsc / (double)j->iterations;
	if (j->fastest_cycles == 0 || cycles < j->fastest_cycles) {
		j->fastest_cycles = cycles;
		j->fastest_ns = (double)s.ns / (double)j->iterations;
	}
	/* Placement and the counters are not measured here: empty cells. */
	struct sample_row row = {
		.seq = row_seq++,
		.workload = j->w->name,
		.class = workload_class_name(j->w->class),
		.mode = "host",
		.rep = rep,
		.iterations = j->iterations,
		.tsc_cycles = s.tsc,
		.ns = s.ns,
		.cycles_per_iter = cycles,
		.check = j->ok,
	};
	sample_row_write(st, &row);
}

static void job_finish(struct bench_job *j)
{
	if (j->owns_arena)
		free(j->arena);
	j->arena = NULL;
}

/* One `#! probe` record set per family with a measured variant, from each
 * variant's fastest repetition: under Linux, preemption and other tenants
 * only ever add time to a sample, so the minimum is the least disturbed
 * estimate (the kernel, with interrupts off, can use medians). */
static void write_probe_records(struct stream *st, const struct bench_job *jobs, size_t count)
{
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		double cycles[PROBE_MAX_VARIANTS], ns[PROBE_MAX_VARIANTS];
		for (size_t v = 0; v < fam->count; v++) {
			cycles[v] = ns[v] = NAN;
			for (size_t i = 0; i < count; i++)
				if (jobs[i].w == &fam->variants[v] && !jobs[i].skipped) {
					cycles[v] = jobs[i].fastest_cycles;
					ns[v] = jobs[i].fastest_ns;
				}
		}
		struct probe_summary s;
		if (probe_summarize(fam, cycles, ns, &s))
			probe_record_write(st, &s, "host");
	}
}

/* Run the selected workloads: each int and fp one on its own, rep after rep;
 * the probes interleaved (every variant's rep 0, then every rep 1, ...), so a
 * change in what the rest of the machine does (e.g. a VM neighbour on the
 * SMT sibling, which halves the ROB) reaches every variant alike instead of
 * bending one stretch of the sweep. False on a bad checksum or no memory. */
static bool bench_all(struct stream *st, const struct workload_selection *sel, unsigned long reps,
		      uint64_t sample_ns, uint64_t llc_bytes)
{
	static struct bench_job jobs[WORKLOAD_MAX];
	size_t count = 0, probes = 0;
	bool ok = true;

	for (size_t i = 0; i < workload_count(); i++)
		if (sel->selected[i])
			jobs[count++] = (struct bench_job){ .w = workload_at(i), .index = i };
	for (size_t i = 0; i < count; i++) {
		struct bench_job *j = &jobs[i];
		if (j->w->class == WORKLOAD_PROBE) {
			probes++;
			continue;
		}
		if (!job_prepare(st, j, sample_ns, llc_bytes))
			return false;
		for (unsigned long rep = 0; rep < reps; rep++)
			job_sample(st, j, rep);
		job_finish(j);
		ok = ok && j->ok;
	}
	if (!probes)
		return ok;
	for (size_t i = 0; i < count; i++)
		if (jobs[i].w->class == WORKLOAD_PROBE && !job_prepare(st, &jobs[i], sample_ns, llc_bytes)) {
			probe_arenas_free();
			return false;
		}
	for (unsigned long rep = 0; rep < reps; rep++)
		for (size_t i = 0; i < count; i++)
			if (jobs[i].w->class == WORKLOAD_PROBE && !jobs[i].skipped)
				job_sample(st, &jobs[i], rep);
	for (size_t i = 0; i < count; i++)
		if (jobs[i].w->class == WORKLOAD_PROBE) {
			job_finish(&jobs[i]);
			ok = ok && (jobs[i].skipped || jobs[i].ok);
		}
	probe_arenas_free();
	write_probe_records(st, jobs, count);
	return ok;
}

int cmd_bench(int argc, char **argv)
{
	const char *spec = "all";
	unsigned long reps = BENCH_DEFAULT_REPS, sample_ms = BENCH_DEFAULT_SAMPLE_MS;

	struct cli_parser p;
	const char *arg;
	cli_parser_begin(&p, &bench_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		switch (a) {
		case OPT_WORKLOADS:
			spec = arg;
			break;
		case OPT_REPS:
			if (!parse_count(arg, BENCH_MAX_REPS, &reps))
				return cli_usage_error(&bench_cli, "--reps wants 1..%d, not '%s'", BENCH_MAX_REPS, arg);
			break;
		case OPT_SAMPLE_MS:
			if (!parse_count(arg, BENCH_MAX_SAMPLE_MS, &sample_ms))
				return cli_usage_error(&bench_cli, "--sample-ms wants 1..%d, not '%s'", BENCH_MAX_SAMPLE_MS,
						       arg);
			break;
		case CLI_OPERAND:
			return cli_usage_error(&bench_cli, "takes no operands, not '%s'", arg);
		default:
			return cli_exit_status(a);
		}
	}
	struct workload_selection sel;
	char err[1024];
	if (workload_select(spec, &sel, err, sizeof err) != WORKLOAD_SELECT_OK)
		return cli_usage_error(&bench_cli, "--workloads=%s: %s", spec, err);

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
	stream_meta(&st, "hypervisor", hypervisor_name(id.hypervisor, id.hv_signature));
	cpu_identity_write_meta(&id, &st);
	stream_metaf(&st, "linux_cpu", "%d", cpu);
	struct host_llc llc;
	host_llc_read(cpu, id.hypervisor, &llc);
	stream_metaf(&st, "llc_bytes", "%llu", (unsigned long long)llc.bytes);
	stream_meta(&st, "llc_source", llc.source);
	stream_metaf(&st, "reps", "%lu", reps);
	stream_metaf(&st, "sample_ms", "%lu", sample_ms);
	stream_table_header(&st);
	bool all_ok = bench_all(&st, &sel, reps, (uint64_t)sample_ms * 1000000u, llc.bytes);
	if (!all_ok)
		stream_error(&st, "CHECKSUM", "a workload computed a checksum different from the build-time one");
	stream_end(&st, all_ok);
	return all_ok ? 0 : 1;
}

/* One `idlebench linux` run (tools/linux/linux_run.h). A sample: put each
 * parked CPU S (one; two with placement=both) in the mode's state (only
 * that state enabled), wake S once so its counters are current, settle,
 * read S's counters, time the workload with serialized TSC reads
 * (APERF/MPERF around it where /dev/cpu/N/msr reads them), wake S again,
 * read its counters, judge each S; the sample holds when every S does.
 * The wake helper, the MSR reader and the machine meta are
 * tools/linux/linux_wake.h, linux_msr.h and linux_machine.h. With -- COMMAND, the timed run is the command's
 * (tools/linux/linux_command.h), once per sample, in workload slot 0. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench/workload.h"
#include "platform/cpu/cpuid_native.h"
#include "platform/cpu/cpu_identity.h"
#include "core/experiment/harness.h"
#include "core/platform/cpu_identity_meta.h"
#include "core/experiment/samples.h"
#include "core/experiment/summary.h"
#include "core/platform/hypervisor_name.h"
#include "core/stream/sample_row.h"
#include "core/stream/schema.h"
#include "core/stream/stream.h"
#include "tools/common/host_llc.h"
#include "tools/linux/linux_busy.h"
#include "tools/linux/linux_command_sample.h"
#include "tools/linux/linux_hold.h"
#include "tools/linux/linux_machine.h"
#include "tools/linux/linux_msr.h"
#include "tools/linux/linux_perf.h"
#include "tools/linux/linux_proof.h"
#include "tools/linux/linux_restore.h"
#include "tools/linux/linux_rt.h"
#include "tools/linux/linux_run.h"
#include "tools/linux/linux_wake.h"
#include "tools/common/host_timing.h"

#include "version.h" /* IDLEBENCH_VERSION, generated (mk/kernel.mk) */

/* The journal the signal handler restores from. */
static struct linux_journal journal;

static void on_signal(int sig)
{
	static const char msg[] = "idlebench linux: interrupted; the sysfs values it changed are put back\n";
	linux_command_kill_running(); /* first: the command stops, then sysfs is put back */
	size_t failed = linux_journal_restore(&journal);
	(void)!write(2, msg, sizeof msg - 1);
	if (failed) {
		static const char bad[] = "idlebench linux: some values could not be put back: run idlebench linux --restore\n";
		(void)!write(2, bad, sizeof bad - 1);
	}
	_exit(128 + sig);
}

/* Per workload: its measurement arena (iterations and checksum references
 * are the harness's, core/experiment/harness.h). */
struct workload_arena {
	void *arena;
	size_t arena_bytes;
};

/* Proof counts per mode (the `#! linux_proof` records). */
struct proof_count {
	unsigned samples, verdict[PROOF_VERDICTS];
};

struct run {
	const struct linux_config *cfg;
	const struct linux_root *root;
	const struct linux_topology *topo;
	const struct linux_cpuidle *ci;
	struct plan plan;
	struct stream *s;
	size_t parked_count;    /* topo->parked_cpus[0 .. parked_count) */
	struct linux_wake helper[LINUX_PARKED_MAX]; /* one per parked CPU */
	struct linux_busy busy[LINUX_PARKED_MAX];   /* mode busy's thread on each parked CPU */
	struct linux_msr msr;
	struct linux_perf perf;
	enum idle_mode current; /* the parked CPU's state now (IDLE_MODE_COUNT: as Linux left it) */
	char qos_path[LINUX_PARKED_MAX][96];  /* each parked CPU's pm_qos_resume_latency_us */
	char qos_found[LINUX_PARKED_MAX][32]; /* its value before the run ("" when it cannot be read) */
	char qos_now[LINUX_PARKED_MAX][32];   /* its value now */
	struct workload_arena ws[WORKLOAD_MAX];
	struct harness h;       /* the kernel's sample loop */
	struct proof_count proof[IDLE_MODE_COUNT];
	struct linux_proof last; /* the latest sample's proof over every parked CPU (for after_row) */
	int last_failed_cpu;     /* the first parked CPU whose proof failed in it, -1 when none */
	bool last_counted;       /* its counters were read (sib_c0_pct known) */
	uint64_t first_sample_ns;
	bool command;            /* -- COMMAND: timed instead of the workloads */
	struct linux_command_sample cmd;
	char command_key[2600];  /* the plan's command_key (core/experiment/plan.h) */
	struct linux_rt_pacer pacer; /* the kernel's RT limit, and the pace under SCHED_FIFO (linux_rt.h) */
};

static struct sample_table table;

/* Parked CPU i (topo->parked_cpus[i]) from ru->current into mode (a mode it parks as). */
static bool set_mode_on(struct run *ru, size_t i, enum idle_mode mode)
{
	int cpu = ru->topo->parked_cpus[i];
	char path[128], why[LINUX_PATH_MAX + 96];

	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
	if (ru->current == IDLE_OFFLINE && !linux_journal_set(&journal, ru->root, path, "1", why, sizeof why))
		goto fail;
	if (mode == IDLE_BUSY) {
		/* the thread keeps the CPU in C0: no cpuidle state is chosen or changed */
		if (!linux_busy_start(&ru->busy[i], cpu, why, sizeof why)) {
			stream_error(ru->s, "BUSY_THREAD", why);
			return false;
		}
	} else if (mode == IDLE_OFFLINE) {
		if (!linux_journal_set(&journal, ru->root, path, "0", why, sizeof why))
			goto fail;
	} else {
		int chosen = linux_cpuidle_state_of(ru->ci, mode);
		/* enable the chosen state first, so S never has every state disabled */
		for (int pass = 0; pass < 2; pass++)
			for (size_t k = 0; k < ru->ci->count; k++) {
				if ((pass == 0) != ((int)k == chosen))
					continue;
				snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%zu/disable", cpu, k);
				if (!linux_journal_set(&journal, ru->root, path, (int)k == chosen ? "0" : "1", why, sizeof why))
					goto fail;
			}
		/* the parked CPU's own latency limit: what holds the state (tools/linux/linux_hold.h), else as found */
		const char *qos = linux_hold_qos(ru->ci, chosen, ru->qos_found[i]);
		qos = qos ? qos : ru->qos_found[i];
		if (ru->qos_found[i][0] && strcmp(qos, ru->qos_now[i])) {
			if (!linux_journal_set(&journal, ru->root, ru->qos_path[i], qos, why, sizeof why))
				goto fail;
			snprintf(ru->qos_now[i], sizeof ru->qos_now[i], "%s", qos);
		}
	}
	return true;
fail:
	stream_error(ru->s, "SYSFS_WRITE", why);
	return false;
}

/* Put every parked CPU in mode's state: that state enabled, every other one
 * disabled (only on the parked CPUs), or them offline. */
static bool set_mode(struct run *ru, enum idle_mode mode)
{
	mode = idle_modes[mode].parks_as;
	if (mode == ru->current)
		return true;
	for (size_t i = 0; i < ru->parked_count; i++)
		if (ru->current == IDLE_BUSY)
			linux_busy_stop(&ru->busy[i]); /* after its round; the cpuidle settings are the previous mode's */
	for (size_t i = 0; i < ru->parked_count; i++)
		if (!set_mode_on(ru, i, mode))
			return false;
	ru->current = mode;
	return true;
}

static void *arena_alloc(size_t n)
{
	void *p = aligned_alloc(4096, (n + 4095) / 4096 * 4096);
	if (p)
		memset(p, 0, (n + 4095) / 4096 * 4096); /* touched: locked and mapped before any sample */
	return p;
}

/* The build-time check, then the measurement arena and the iterations that
 * fill sample_ms (harness_calibrate). */
static bool prepare(struct run *ru, size_t w, uint64_t llc_bytes)
{
	const struct workload *wl = workload_at(w);
	struct workload_arena *st = &ru->ws[w];
	uint64_t expected;
	void *check = arena_alloc(wl->arena_bytes);

	if (!check)
		return false;
	wl->setup(check, wl->arena_bytes, WORKLOAD_CHECK_SEED);
	ru->h.ws[w].expected_ok = workload_expected_checksum(w, &expected) &&
				  wl->run(check, wl->check_iterations) == expected;
	free(check);
	st->arena_bytes = workload_arena_bytes(wl, llc_bytes);
	if (!st->arena_bytes || !(st->arena = arena_alloc(st->arena_bytes)))
		return false;
	wl->setup(st->arena, st->arena_bytes, WORKLOAD_CHECK_SEED);
	harness_calibrate(&ru->h, w, st->arena);
	return true;
}

/* The harness's callbacks (core/experiment/harness.h). */

/* The parked CPU in the step's mode, woken once so its counters are
 * current, settled. */
static bool prepare_sample(void *ctx, const struct plan_step *st)
{
	struct run *ru = ctx;

	if (ru->cmd.stopped)
		return false; /* the COMMAND_FAILED error is written */
	if (!set_mode(ru, st->mode))
		return false;
	linux_rt_pacer_pause(&ru->pacer, ru->plan.settle_us);
	enum idle_mode parks = idle_modes[st->mode].parks_as;
	for (size_t i = 0; i < ru->parked_count && parks != IDLE_OFFLINE && parks != IDLE_BUSY; i++)
		if (!linux_wake_kick(&ru->helper[i])) {
			char msg[96];
			snprintf(msg, sizeof msg, "the wake helper on parked cpu%d stopped answering", ru->topo->parked_cpus[i]);
			stream_error(ru->s, "WAKE_HELPER", msg);
			return false;
		}
	struct timespec settle = { (time_t)(ru->plan.settle_us / 1000000u), (long)(ru->plan.settle_us % 1000000u) * 1000 };
	nanosleep(&settle, NULL);
	linux_rt_pacer_rested(&ru->pacer);
	return true;
}

/* The timed run between the parked CPU's counters and the measured
 * thread's (APERF/MPERF, PMU), then the residency proof: *usable only
 * when the parked CPU was proven in the mode. */
static bool measure_sample(void *ctx, const struct plan_step *st, uint64_t n, struct sample_row *row,
			   uint64_t *checksum, bool *usable)
{
	struct run *ru = ctx;
	const struct workload *wl = workload_at(st->workload);
	enum idle_mode parks = idle_modes[st->mode].parks_as;
	const struct linux_cpuidle *ci = ru->ci;
	const int *cpus = ru->topo->parked_cpus;
	size_t np = ru->parked_count;
	int chosen = linux_cpuidle_state_of(ci, parks);
	uint64_t u0[LINUX_PARKED_MAX][LINUX_IDLE_STATES_MAX], t0[LINUX_PARKED_MAX][LINUX_IDLE_STATES_MAX],
		u1[LINUX_PARKED_MAX][LINUX_IDLE_STATES_MAX], t1[LINUX_PARKED_MAX][LINUX_IDLE_STATES_MAX], a0 = 0, m0 = 0,
		a1 = 0, m1 = 0;
	struct linux_proof each[LINUX_PARKED_MAX] = { 0 }, proof = { .verdict = PROOF_OK };
	bool offline = parks == IDLE_OFFLINE, busy = parks == IDLE_BUSY, counted = !offline && !busy;
	uint64_t rounds0[LINUX_PARKED_MAX] = { 0 }, bad0[LINUX_PARKED_MAX] = { 0 };
	int failed = -1;

	for (size_t i = 0; i < np && busy; i++) {
		rounds0[i] = linux_busy_rounds(&ru->busy[i]);
		bad0[i] = linux_busy_bad_rounds(&ru->busy[i]);
	}
	uint64_t w0 = now_ns();
	for (size_t i = 0; i < np && counted; i++)
		counted = linux_cpuidle_counters(ru->root, cpus[i], u0[i], t0[i], ci->count);
	bool msr = linux_msr_read(&ru->msr, &a0, &m0);
	struct linux_perf_reading pr0, pr1;
	bool perf = linux_perf_read(&ru->perf, &pr0);
	uint64_t ns0 = now_ns(), c0 = tsc_begin();
	uint64_t sum = 0;
	if (ru->command) {
		char why[200];
		if (!linux_command_run(ru->cfg->command_argv, ru->topo->measured, ru->cfg->timeout_s, &ru->cmd.run, why,
				       sizeof why)) {
			stream_error(ru->s, "COMMAND", why);
			return false;
		}
	} else {
		sum = wl->run(ru->ws[st->workload].arena, n);
	}
	uint64_t c1 = tsc_end(), ns1 = now_ns();
	perf = perf && linux_perf_read(&ru->perf, &pr1);
	msr = msr && linux_msr_read(&ru->msr, &a1, &m1);
	/* every parked CPU woken first, then read: the window closes on all of them before any reading */
	for (size_t i = 0; i < np && counted; i++)
		counted = linux_wake_kick(&ru->helper[i]);
	for (size_t i = 0; i < np; i++) {
		int cpu = cpus[i];
		each[i].verdict = PROOF_OK;
		if (busy) {
			/* no cpuidle proof: the thread computes; its checksums are the proof */
			uint64_t bad = linux_busy_bad_rounds(&ru->busy[i]) - bad0[i];
			if (bad) {
				char msg[160];
				snprintf(msg, sizeof msg, "mode busy: %s computed a wrong checksum in %llu of %llu rounds on cpu%d",
					 LOAD_WORKLOAD, (unsigned long long)bad,
					 (unsigned long long)(linux_busy_rounds(&ru->busy[i]) - rounds0[i]), cpu);
				stream_error(ru->s, "BUSY_CHECKSUM", msg);
				each[i].verdict = PROOF_BAD_CHECKSUM;
			}
		} else if (offline) {
			char path[96], v[8] = "";
			snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
			if (!linux_read_line(ru->root, path, v, sizeof v) || strcmp(v, "0"))
				each[i].verdict = PROOF_BUSY; /* it came back online during the sample */
		} else {
			counted = counted && linux_cpuidle_counters(ru->root, cpu, u1[i], t1[i], ci->count);
			if (counted)
				linux_proof_judge(u0[i], t0[i], u1[i], t1[i], ci->count, (size_t)chosen, now_ns() - w0, &each[i]);
			else
				each[i].verdict = PROOF_BUSY;
		}
	}
	linux_proof_combine(each, np, &proof, &failed);
	if (!ru->first_sample_ns)
		ru->first_sample_ns = ns0;
	row->tsc_cycles = c1 - c0;
	row->ns = ns1 - ns0;
	if (ru->command)
		sum = linux_command_sample_cells(&ru->cmd, row);
	if (msr && m1 > m0) {
		row->aperf = (sample_cell_u64_opt){ a1 - a0, true };
		row->mperf = (sample_cell_u64_opt){ m1 - m0, true };
		row->eff_mhz = (sample_cell_fixed_opt){ (double)(c1 - c0) / (double)(ns1 - ns0) * 1e3 *
								(double)(a1 - a0) / (double)(m1 - m0), true };
	}
	uint64_t pmu_cycles, pmu_instr;
	if (perf && linux_perf_delta(&pr0, &pr1, &pmu_cycles, &pmu_instr)) {
		row->unhalted_cycles = (sample_cell_u64_opt){ pmu_cycles, true };
		row->instructions = (sample_cell_u64_opt){ pmu_instr, true };
	}
	if (!offline && !busy && counted) {
		row->sib_c0_pct = (sample_cell_fixed_opt){ proof.c0_pct, true };
		row->sib_wakeups = (sample_cell_u64_opt){ proof.wakeups, true };
	}
	ru->last = proof;
	ru->last_failed_cpu = failed >= 0 ? cpus[failed] : -1;
	ru->last_counted = !offline && !busy && counted;
	*checksum = sum;
	*usable = proof.verdict == PROOF_OK;
	if (ru->command && st->warmup)
		linux_command_sample_records(&ru->cmd, ru->s, idle_modes[st->mode].name, true, NULL); /* no row, no after_row */
	return true;
}

/* A measured row: its proof counted per mode, an `#! excluded` record
 * after it when the proof failed (report leaves such rows out). */
static void after_row(void *ctx, const struct plan_step *st, const struct sample_row *row, bool usable)
{
	struct run *ru = ctx;
	const struct linux_proof *proof = &ru->last;
	struct proof_count *pc = &ru->proof[st->mode];

	if (ru->command)
		linux_command_sample_records(&ru->cmd, ru->s, idle_modes[st->mode].name, false, row);
	pc->samples++;
	pc->verdict[proof->verdict]++;
	if (!usable) {
		char c0[16];
		snprintf(c0, sizeof c0, "%.1f", proof->c0_pct);
		stream_record(ru->s, "excluded", "seq=%llu mode=%s verdict=%s sib_c0_pct=%s other_state_entries=%llu cpu=%d",
			      (unsigned long long)row->seq, row->mode, linux_proof_verdict_name(proof->verdict),
			      ru->last_counted ? c0 : "", (unsigned long long)proof->other_usage, ru->last_failed_cpu);
	}
}

/* Calibration's timed run (harness_calibrate). */
static uint64_t time_run(void *ctx, size_t w, void *arena, uint64_t n)
{
	const struct workload *wl = workload_at(w);

	struct run *ru = ctx;
	linux_rt_pacer_pause(&ru->pacer, 0); /* a calibration run throttled would size the samples short */
	uint64_t t0 = now_ns();
	wl->run(arena, n);
	return now_ns() - t0;
}

static uint64_t clock_ns(void *ctx)
{
	(void)ctx;
	return now_ns();
}

static uint64_t us_to_ns(void *ctx, uint64_t us)
{
	(void)ctx;
	return us * 1000;
}

static const struct harness_ops linux_ops = {
	.prepare = prepare_sample, .measure = measure_sample, .after_row = after_row,
	.time_run = time_run, .clock = clock_ns, .us_to_ticks = us_to_ns,
};

static void sink(void *ctx, const char *bytes, size_t len)
{
	fwrite(bytes, 1, len, ctx);
	fflush(ctx);
}

/* A value per parked CPU for the meta: the value when every parked CPU
 * has it, else cpuN=value for each, '/' between them. Static buffer. */
static const char *per_parked_text(const struct run *ru, const char *const v[])
{
	static char out[LINUX_PARKED_MAX * 48];
	size_t n = 0;
	bool same = true;

	for (size_t i = 1; i < ru->parked_count; i++)
		same = same && !strcmp(v[i], v[0]);
	if (same) {
		snprintf(out, sizeof out, "%s", ru->parked_count ? v[0] : "");
		return out;
	}
	for (size_t i = 0; i < ru->parked_count && n < sizeof out; i++)
		n += (size_t)snprintf(out + n, sizeof out - n, "%scpu%d=%s", i ? "/" : "", ru->topo->parked_cpus[i], v[i]);
	return out;
}

/* The meta of a Linux run: the machine, the CPUs, cpuidle, the thread's conditions. */
static void write_meta(struct run *ru, const struct cpu_identity *id, const char *sched, const char *mlock,
		       uint64_t llc_bytes, const char *llc_source)
{
	struct stream *s = ru->s;
	const struct linux_cpuidle *ci = ru->ci;
	struct utsname u;

	stream_meta(s, "version", IDLEBENCH_VERSION);
	stream_metaf(s, "schema", "%d", STREAM_SCHEMA_VERSION);
	stream_meta(s, "boot", "linux");
	stream_meta(s, "hypervisor", hypervisor_name(id->hypervisor, id->hv_signature));
	cpu_identity_write_meta(id, s);
	linux_machine_write_meta(ru->root, id, s);
	if (uname(&u) == 0)
		stream_metaf(s, "linux_release", "%s", u.release);
	stream_meta(s, "linux_cmdline", ci->cmdline);
	stream_meta(s, "linux_idle_override", ci->idle_override);
	stream_meta(s, "linux_c1", linux_c1_entry(ci));
	/* one id per boot (Documentation/admin-guide/sysctl/kernel.rst, random): compare tells boots apart by it */
	char boot_id[48] = "";
	if (!linux_read_line(ru->root, "/proc/sys/kernel/random/boot_id", boot_id, sizeof boot_id))
		boot_id[0] = '\0';
	stream_meta(s, "linux_boot_id", boot_id);
	stream_meta(s, "cpuidle_driver", ci->driver);
	stream_meta(s, "cpuidle_governor", ci->governor);
	stream_metaf(s, "linux_cpu", "%d", ru->topo->measured);
	char cpus[64];
	linux_topology_parked_text(ru->topo, cpus, sizeof cpus);
	stream_meta(s, "parked_cpus", ru->topo->parked >= 0 ? cpus : "-1");
	stream_meta(s, "placement", placement_name(ru->cfg->placement));
	stream_meta(s, "smt_control", ru->topo->smt_control);
	stream_metaf(s, "smt_siblings", "%d", ru->topo->siblings);
	stream_meta(s, "others", "linux");
	for (size_t k = 0; k < ci->count; k++) {
		char key[32];
		const struct linux_idle_state *st = &ci->state[k];
		snprintf(key, sizeof key, "cpuidle_state%zu", k);
		stream_metaf(s, key, "name=%s desc=%s latency_us=%llu residency_us=%llu disable=%d mode=%s", st->name,
			     st->desc, (unsigned long long)st->latency_us, (unsigned long long)st->residency_us,
			     st->disabled, st->mode < IDLE_MODE_COUNT ? idle_modes[st->mode].name : "none");
	}
	const char *found[LINUX_PARKED_MAX];
	for (size_t i = 0; i < ru->parked_count; i++)
		found[i] = ru->qos_found[i];
	stream_meta(s, "parked_pm_qos_resume_latency_us", ru->parked_count ? per_parked_text(ru, found) : "");
	stream_meta(s, "linux_sched", sched);
	stream_meta(s, "linux_rt_limit", ru->pacer.limit.text);
	if (ru->command)
		stream_meta(s, "linux_command_sched", "other");
	stream_meta(s, "linux_mlock", mlock);
	stream_meta(s, "aperfmperf", ru->msr.fd >= 0 ? "msr" : ru->msr.why);
	if (ru->perf.cycles_fd >= 0) {
		stream_metaf(s, "pmu", "perf_event_open cpu%d this thread, user and kernel", ru->topo->measured);
		stream_meta(s, "pmu.unhalted_cycles", "perf PERF_COUNT_HW_CPU_CYCLES");
		stream_meta(s, "pmu.instructions", "perf PERF_COUNT_HW_INSTRUCTIONS");
	} else {
		stream_meta(s, "pmu", ru->perf.why);
	}
	stream_metaf(s, "llc_bytes", "%llu", (unsigned long long)llc_bytes);
	stream_meta(s, "llc_source", llc_source);
	stream_meta(s, "timing", ru->command ? "lfence;rdtsc .. rdtscp;lfence and CLOCK_MONOTONIC_RAW, fork to exit"
					     : "lfence;rdtsc .. rdtscp;lfence");
	if (ru->command) {
		char argv_text[2048] = "", q[512];
		size_t n = 0;
		for (int k = 0; k < ru->cfg->command_argc && n < sizeof argv_text; k++)
			n += (size_t)snprintf(argv_text + n, sizeof argv_text - n, "%s%s", k ? " " : "",
					      stream_quote(q, sizeof q, ru->cfg->command_argv[k]));
		stream_meta(s, "linux_command", argv_text);
		snprintf(ru->command_key, sizeof ru->command_key, "%s metric=%s higher_is_better=%s", argv_text,
			 ru->cfg->metric ? ru->cfg->metric : "", ru->cfg->higher_is_better ? "yes" : "no");
		stream_meta(s, "linux_metric", ru->cfg->metric ? ru->cfg->metric : "");
		stream_meta(s, "linux_higher_is_better", ru->cfg->higher_is_better ? "yes" : "no");
		if (ru->cfg->timeout_s)
			stream_metaf(s, "linux_timeout_s", "%u", ru->cfg->timeout_s);
		else
			stream_meta(s, "linux_timeout_s", "");
	}
}

/* Beyond `disable` (tools/linux/linux_hold.h): the governor the usable modes'
 * states need (written now, system-wide, only when the current one cannot
 * hold one of them) and the QoS limit each mode writes, as meta. */
static bool hold_setup(struct run *ru, uint32_t usable)
{
	const struct linux_cpuidle *ci = ru->ci;
	char why[320] = "", err[LINUX_PATH_MAX + 96], written[320] = "", hp_text[24] = "";
	uint32_t mask = 0;
	long long halt_poll_ns = -1;

	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		int k = (usable & (1u << m)) ? linux_cpuidle_state_of(ci, idle_modes[m].parks_as) : -1;
		if (k < 0)
			continue;
		mask |= 1u << k;
		const char *q[LINUX_PARKED_MAX];
		bool any = false;
		for (size_t i = 0; i < ru->parked_count; i++) {
			q[i] = ru->qos_found[i][0] ? linux_hold_qos(ci, k, ru->qos_found[i]) : NULL;
			any |= q[i] != NULL;
			q[i] = q[i] ? q[i] : "-"; /* this CPU's value found holds the state */
		}
		if (any)
			snprintf(written + strlen(written), sizeof written - strlen(written), "%s%s:%s", written[0] ? "," : "",
				 idle_modes[m].name, per_parked_text(ru, q));
	}
	if (linux_read_line(ru->root, "/sys/module/haltpoll/parameters/guest_halt_poll_ns", hp_text, sizeof hp_text))
		halt_poll_ns = strtoll(hp_text, NULL, 10);
	const char *gov = linux_hold_governor(ci->governor, ci->available_governors, mask, halt_poll_ns, why, sizeof why);
	stream_meta(ru->s, "parked_pm_qos_written", written);
	if (hp_text[0])
		stream_meta(ru->s, "haltpoll_guest_halt_poll_ns", hp_text);
	stream_meta(ru->s, "cpuidle_governor_run", gov ? gov : ci->governor);
	stream_meta(ru->s, "cpuidle_governor_why", why);
	if (gov && !linux_journal_set(&journal, ru->root, "/sys/devices/system/cpu/cpuidle/current_governor", gov, err,
				      sizeof err)) {
		stream_error(ru->s, "SYSFS_WRITE", err);
		return false;
	}
	return true;
}

/* The cpuidle files a run writes must be writable: say which one is not, and why. */
static bool check_writable(const struct linux_root *r, const struct linux_topology *t, const struct linux_cpuidle *ci,
			   uint32_t modes, char *why, size_t size)
{
	char path[128], full[LINUX_PATH_MAX];
	int cpu = -1;

	for (size_t i = 0; i < t->parked_count; i++) {
		cpu = t->parked_cpus[i];
		for (size_t k = 0; k < ci->count; k++) {
			snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%zu/disable", cpu, k);
			if (linux_path(r, path, full) && access(full, W_OK) != 0)
				goto no;
		}
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
		if ((modes & (1u << IDLE_OFFLINE)) && linux_path(r, path, full) && access(full, W_OK) != 0)
			goto no;
	}
	return true;
no:
	snprintf(why, size, "cannot write %s (%s): choosing cpu%d's idle state needs root (or write access to its "
		 "cpuidle files); `idlebench linux --list` shows the states without it", full, strerror(errno), cpu);
	return false;
}

/* The run's state before anything is touched. */
static void run_init(struct run *ru, const struct linux_config *c, const struct linux_root *r,
		     const struct linux_topology *t, const struct linux_cpuidle *ci, struct stream *s)
{
	memset(ru, 0, sizeof *ru);
	ru->cfg = c;
	ru->root = r;
	ru->topo = t;
	ru->ci = ci;
	ru->s = s;
	ru->current = IDLE_MODE_COUNT;
	ru->parked_count = t->parked >= 0 ? t->parked_count : 0;
}

/* With a CPU to park: its cpuidle files writable, and the journal every
 * sysfs write goes through begun (tools/linux/linux_restore.h). */
static bool begin_journal(const struct run *ru)
{
	char why[LINUX_PATH_MAX + 256];

	if (ru->topo->parked >= 0 && !check_writable(ru->root, ru->topo, ru->ci, ru->cfg->modes, why, sizeof why)) {
		fprintf(stderr, "idlebench linux: %s\n", why);
		return false;
	}
	if (ru->topo->parked >= 0 && !linux_journal_begin(&journal, ru->root, why, sizeof why)) {
		fprintf(stderr, "idlebench linux: %s\n", why);
		return false;
	}
	return true;
}

/* A signal that ends the run puts the journal back first (on_signal). A
 * closed pipe on stdout (`| head`) must not kill the run before its
 * restore: writes then fail with EPIPE and the run still ends normally. */
static void restore_on_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sigaction(SIGXCPU, &sa, NULL); /* RLIMIT_RTTIME under SCHED_FIFO */
	signal(SIGPIPE, SIG_IGN);
	fprintf(stderr, "idlebench linux: restore file %s (if this run is killed: idlebench linux --restore)\n",
		journal.file);
}

/* The measured thread on its CPU, before CPUID is read there. */
static bool pin_measured_thread(const struct run *ru)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(ru->topo->measured, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		fprintf(stderr, "idlebench linux: cannot pin to cpu%d: %s\n", ru->topo->measured, strerror(errno));
		return false;
	}
	return true;
}

/* SCHED_FIFO only where the RT limit lets the samples run unthrottled
 * with a short pause (tools/linux/linux_rt.h); a command runs as
 * SCHED_OTHER whatever this thread is (linux_command.c). sched: the
 * `linux_sched` meta. */
static void schedule_measured_thread(struct run *ru, const struct cpu_identity *id, char *sched, size_t size)
{
	const struct linux_config *c = ru->cfg;
	int cpu = ru->topo->measured;
	struct plan sized;
	plan_resolve(&sized, &c->plan, id->hypervisor, 0);
	char fits_why[200] = "";
	linux_rt_limit_read(&ru->pacer.limit);
	struct sched_param sp = { .sched_priority = sched_get_priority_min(SCHED_FIFO) };
	if (c->command_argc == 0 && !linux_rt_fifo_fits(&ru->pacer.limit, sized.sample_ms, fits_why, sizeof fits_why))
		snprintf(sched, size, "other (%s), pinned to cpu%d", fits_why, cpu);
	else if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0) {
		linux_rt_pacer_start(&ru->pacer);
		snprintf(sched, size, "fifo priority %d, pinned to cpu%d", sp.sched_priority, cpu);
	} else
		snprintf(sched, size, "other (SCHED_FIFO not permitted: %s), pinned to cpu%d", strerror(errno), cpu);
}

/* Every page locked where permitted; mlock: the `linux_mlock` meta. */
static void lock_memory(char *mlock, size_t size)
{
	if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0)
		snprintf(mlock, size, "all");
	else
		snprintf(mlock, size, "none (mlockall: %s)", strerror(errno));
}

/* The measured thread's counters: APERF/MPERF, and the PMU through perf
 * unless a command is timed (then the command's own accounting). False
 * when the command cannot be prepared (said on stderr). */
static bool open_counters(struct run *ru)
{
	const struct linux_config *c = ru->cfg;
	char why[LINUX_PATH_MAX + 256];

	linux_msr_open(&ru->msr, ru->root, ru->topo->measured);
	ru->command = c->command_argc > 0;
	if (ru->command) {
		/* perf_event_open counts this thread; the command is another process */
		ru->perf.cycles_fd = ru->perf.instr_fd = -1;
		snprintf(ru->perf.why, sizeof ru->perf.why, "none (-- COMMAND: the PMU would count idlebench's thread, "
			 "not the command's)");
		if (!linux_command_sample_init(&ru->cmd, c, why, sizeof why)) {
			fprintf(stderr, "idlebench linux: %s\n", why);
			return false;
		}
	} else if (!linux_perf_open(&ru->perf, ru->topo->measured) && ru->msr.fd < 0)
		fprintf(stderr, "idlebench linux: no core-clock counts: APERF/MPERF %s; PMU %s\n", ru->msr.why, ru->perf.why);
	return true;
}

/* Each parked CPU's pm_qos_resume_latency_us as found ("" when unreadable). */
static void read_parked_qos(struct run *ru)
{
	for (size_t i = 0; i < ru->parked_count; i++) {
		snprintf(ru->qos_path[i], sizeof ru->qos_path[i], "/sys/devices/system/cpu/cpu%d/power/pm_qos_resume_latency_us",
			 ru->topo->parked_cpus[i]);
		if (!linux_read_line(ru->root, ru->qos_path[i], ru->qos_found[i], sizeof ru->qos_found[i]))
			ru->qos_found[i][0] = '\0';
		snprintf(ru->qos_now[i], sizeof ru->qos_now[i], "%s", ru->qos_found[i]);
	}
}

/* Which modes this machine offers, each said in a `#! mode` record.
 * Returns the usable ones (a bit per enum idle_mode). */
static uint32_t write_mode_records(const struct run *ru)
{
	const struct linux_config *c = ru->cfg;
	const struct linux_topology *t = ru->topo;
	const struct linux_cpuidle *ci = ru->ci;
	struct stream *s = ru->s;
	uint32_t usable = 0;

	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(c->modes & (1u << m)))
			continue;
		char reason[320], q[340];
		const char *no = t->parked < 0 ? t->why
					       : linux_mode_unavailable(ru->root, ci, (enum idle_mode)m, reason, sizeof reason);
		if (ru->command && m == IDLE_SPIKE)
			no = "a foreign command has no iteration count to run 1 % more of (docs/linux-mode.md)";
		if (no) {
			stream_record(s, "mode", "name=%s status=skipped reason=%s", idle_modes[m].name,
				      stream_quote(q, sizeof q, no));
			continue;
		}
		usable |= 1u << m;
		int k = linux_cpuidle_state_of(ci, idle_modes[m].parks_as);
		char cpus[64];
		linux_topology_parked_text(t, cpus, sizeof cpus);
		if (idle_modes[m].parks_as == IDLE_BUSY)
			stream_record(s, "mode", "name=%s status=ok cpus=%zu cpu=%s state=busy workload=%s",
				      idle_modes[m].name, t->parked_count, cpus, LOAD_WORKLOAD);
		else if (k >= 0)
			stream_record(s, "mode", "name=%s status=ok cpus=%zu cpu=%s state=state%d state_name=%s",
				      idle_modes[m].name, t->parked_count, cpus, k, stream_quote(q, sizeof q, ci->state[k].name));
		else
			stream_record(s, "mode", "name=%s status=ok cpus=%zu cpu=%s state=offline", idle_modes[m].name,
				      t->parked_count, cpus);
	}
	return usable;
}

/* The kernel's plan over the usable modes (seeded from getrandom unless
 * seed= says; a command stands in workload slot 0, the plan's only one),
 * the harness on it, and the plan's meta. */
static void resolve_plan(struct run *ru, const struct cpu_identity *id, uint32_t usable)
{
	const struct linux_config *c = ru->cfg;
	struct plan_request rq = c->plan;
	const char *seed_source = "cmdline";
	if (!rq.seed_given) {
		if (getrandom(&rq.seed, sizeof rq.seed, 0) != sizeof rq.seed)
			rq.seed = tsc_begin();
		seed_source = "getrandom";
	}
	if (ru->command) {
		memset(&rq.workloads, 0, sizeof rq.workloads);
		rq.workloads.selected[0] = true;
		rq.workloads.count = 1;
		rq.workloads_given = true;
	}
	plan_resolve(&ru->plan, &rq, id->hypervisor, usable);
	ru->plan.seed_source = seed_source;
	ru->plan.command_name = ru->command ? c->name : NULL;
	ru->plan.command_key = ru->command_key;
	memset(&table, 0, sizeof table);
	harness_init(&ru->h, &ru->plan, &linux_ops, ru, ru->s, &table, placement_name(c->placement));
	struct plan_conditions cond = { .placement = placement_name(c->placement), .others = "linux" };
	harness_write_plan_meta(&ru->plan, &cond, ru->s);
	summary_write_plan_meta(&ru->plan, ru->s);
}

/* A plan with a mode and a workload (else NOTHING_TO_MEASURE, and why). */
static bool has_something_to_measure(const struct run *ru)
{
	if (ru->plan.modes && ru->plan.workloads.count)
		return true;
	stream_error(ru->s, "NOTHING_TO_MEASURE",
		     ru->topo->parked < 0 ? ru->topo->why : "no usable mode or no workload selected");
	return false;
}

/* The wake helper on each parked CPU (tools/linux/linux_wake.h). */
static bool start_wake_helpers(struct run *ru)
{
	char why[LINUX_PATH_MAX + 256];

	for (size_t i = 0; i < ru->parked_count; i++)
		if (!linux_wake_start(&ru->helper[i], ru->topo->parked_cpus[i], why, sizeof why)) {
			stream_error(ru->s, "WAKE_HELPER", why);
			return false;
		}
	return true;
}

/* Calibration runs with the parked CPU in the baseline state: hlt, or the
 * plan's first mode without it. */
static bool park_for_calibration(struct run *ru)
{
	const struct plan *p = &ru->plan;
	return set_mode(ru, (p->modes & (1u << IDLE_HLT)) ? IDLE_HLT : (enum idle_mode)__builtin_ctz(p->modes));
}

/* Each selected workload checked, its arena sized from the LLC and its
 * iterations calibrated, with its `#! workload` record; a command instead
 * runs once per sample, nothing to calibrate (the reference checksum of a
 * good run is 0). */
static bool prepare_workloads(struct run *ru, uint64_t llc_bytes)
{
	const struct plan *p = &ru->plan;

	if (ru->command) {
		ru->h.ws[0] = (struct harness_workload){ .iterations = 1, .expected_ok = true };
		char q[64];
		stream_record(ru->s, "workload", "name=%s class=cmd iterations=1 check=ok uniform_iterations=no command=%s",
			      ru->cfg->name, stream_quote(q, sizeof q, ru->cfg->command_argv[0]));
		return true;
	}
	for (size_t w = 0; w < workload_count(); w++) {
		if (!p->workloads.selected[w])
			continue;
		if (!prepare(ru, w, llc_bytes)) {
			stream_error(ru->s, "NO_ARENA", "cannot allocate or size a workload's arena");
			return false;
		}
		harness_write_workload(&ru->h, w, ru->ws[w].arena_bytes);
	}
	return true;
}

/* The samples (harness_walk), unless a command stopped them. */
static bool take_samples(struct run *ru)
{
	return harness_walk(&ru->h) && !ru->cmd.stopped;
}

/* After the samples: the proof counts per mode, the summary, the stop
 * record (setup_s from the run's start at begin_ns to the first sample).
 * False when a workload failed its build-time check (said at its
 * `#! workload` record). */
static bool write_results(struct run *ru, const struct cpu_identity *id, uint64_t begin_ns)
{
	const struct plan *p = &ru->plan;
	struct stream *s = ru->s;
	uint64_t end_ns = now_ns();

	for (int m = 0; m < IDLE_MODE_COUNT; m++)
		if (p->modes & (1u << m)) {
			const struct proof_count *pc = &ru->proof[m];
			stream_record(s, "linux_proof", "mode=%s samples=%u verified=%u excluded=%u busy=%u other_state=%u",
				      idle_modes[m].name, pc->samples, pc->verdict[PROOF_OK], pc->samples - pc->verdict[PROOF_OK],
				      pc->verdict[PROOF_BUSY], pc->verdict[PROOF_OTHER_STATE]);
		}
	summary_set_pair(placement_name(ru->cfg->placement), hypervisor_name(id->hypervisor, id->hv_signature));
	if (ru->command)
		stream_record(s, "command", "runs=%llu bad=%u multi_cpu=%u", (unsigned long long)ru->h.done, ru->cmd.bad_count,
			      ru->cmd.multi_cpu_count);
	summary_write(p, &table, ru->h.measured_reps, s);
	harness_write_stop(&ru->h, ru->first_sample_ns - begin_ns, end_ns - ru->h.start);
	bool ok = true;
	for (size_t w = 0; w < workload_count() && !ru->command; w++)
		if (p->workloads.selected[w] && !ru->h.ws[w].expected_ok)
			ok = false;
	return ok;
}

/* Every helper stopped, every sysfs value put back (a `#! restore` record;
 * RESTORE when one could not be), everything freed, the end record.
 * Returns the exit status. */
static int finish_run(struct run *ru, bool ok)
{
	char why[128];

	for (size_t i = 0; i < ru->parked_count; i++) {
		linux_busy_stop(&ru->busy[i]);
		linux_wake_stop(&ru->helper[i]);
	}
	size_t changed = journal.count, failed = linux_journal_restore(&journal);
	stream_record(ru->s, "restore", "values=%zu failed=%zu", changed, failed);
	if (failed) {
		snprintf(why, sizeof why, "%zu sysfs value(s) could not be put back: run idlebench linux --restore", failed);
		stream_error(ru->s, "RESTORE", why);
		ok = false;
	}
	for (size_t w = 0; w < WORKLOAD_MAX; w++)
		free(ru->ws[w].arena);
	if (ru->msr.fd >= 0)
		close(ru->msr.fd);
	linux_perf_close(&ru->perf);
	if (ru->command)
		linux_command_sample_free(&ru->cmd);
	stream_end(ru->s, ok);
	return ok ? 0 : 1;
}

int linux_run(const struct linux_config *c, const struct linux_root *r, const struct linux_topology *t,
	      const struct linux_cpuidle *ci, FILE *out)
{
	static struct run ru;
	static struct stream st;
	uint64_t begin_ns = now_ns();

	/* Before anything changes: the journal that puts it back, also on a signal. */
	run_init(&ru, c, r, t, ci, &st);
	if (!begin_journal(&ru))
		return 1;
	restore_on_signals();

	/* The measured thread: pinned, SCHED_FIFO where permitted, memory locked, its counters. */
	if (!pin_measured_thread(&ru)) {
		linux_journal_restore(&journal);
		return 1;
	}
	struct cpu_identity id;
	cpu_identity_read(cpuid_native, NULL, &id); /* on the measured CPU */
	char sched[288], mlock_text[160];
	schedule_measured_thread(&ru, &id, sched, sizeof sched);
	lock_memory(mlock_text, sizeof mlock_text);
	if (!open_counters(&ru)) {
		linux_journal_restore(&journal);
		return 2;
	}

	/* What the machine is: the LLC (arenas), the parked CPUs' QoS limits, the meta. */
	struct host_llc llc;
	host_llc_read(t->measured, id.hypervisor, &llc);
	read_parked_qos(&ru);
	stream_init(&st, sink, out);
	stream_begin(&st, IDLEBENCH_VERSION);
	write_meta(&ru, &id, sched, mlock_text, llc.bytes, llc.source);

	/* The modes this machine offers, what holds their states, the plan over them. */
	uint32_t usable = write_mode_records(&ru);
	bool held = t->parked < 0 || hold_setup(&ru, usable);
	resolve_plan(&ru, &id, usable);

	/* The experiment, then its results. */
	bool ok = held && has_something_to_measure(&ru);
	ok = ok && start_wake_helpers(&ru);
	ok = ok && park_for_calibration(&ru);
	ok = ok && prepare_workloads(&ru, llc.bytes);
	ok = ok && take_samples(&ru);
	ok = ok && write_results(&ru, &id, begin_ns);

	/* Everything put back, whatever happened. */
	return finish_run(&ru, ok);
}

/* The `run=siblings` check: every selected mode entered, acknowledged and
 * verified once (the parked CPUs' own report of the mode they are in, their
 * C0 share over a dwell, their stack canaries), and the wake latency of each
 * mode. A mode meant to idle whose dwell does not look idle (residency.h) is
 * status=not_idle. The experiment takes only the modes that pass. */
#include "kernel/arch/tsc.h"
#include "lib/fmt.h"
#include "lib/sort.h"
#include "kernel/sibling/others.h"
#include "kernel/sibling/parked.h"
#include "platform/sibling/residency.h"
#include "kernel/sibling/sibling.h"
#include "kernel/stream/stray_record.h"
#include "kernel/time/delay.h"
#include "kernel/time/quiet_probe.h"

/* Wake-latency round trips per mode, and the pause between them so the
 * parked CPU is back in its idle instruction before the next wake. */
#define WAKE_SAMPLES 200
#define WAKE_GAP_US 50
/* Rounds kept once this many wakes needed more than the mode's own path
 * (each such costs PARKED_WAKE_STEP_US or more): enough to show it. */
#define WAKE_SAMPLES_ESCALATED 8
/* Time a CPU idles in a mode before its C0 residency is read. */
#define VERIFY_DWELL_US 20000

static uint64_t samples[WAKE_SAMPLES], rtts[WAKE_SAMPLES];

/* The `finding=` about wakes that needed more than the mode's own path: a
 * fact about the platform, not a failure. */
static const char *wake_finding(enum idle_mode mode, enum wake_path path)
{
	if (mode == IDLE_MWAIT && path == WAKE_PATH_IPI)
		return "MONITOR missed the command store: the wake IPI ended MWAIT (ECX=1)";
	if (mode == IDLE_MWAIT && path == WAKE_PATH_NMI)
		return "MONITOR missed the command store and the wake IPI did not end MWAIT: an NMI did";
	return "the mode's own wake did not reach the CPU in time: an NMI did";
}

/* Round trips "send the wake -> parked CPU timestamps and acknowledges",
 * with the path each took; wake_path= is the path most of them took. */
static void wake_latency(enum idle_mode mode, struct stream *s)
{
	size_t n = 0;

	if (mode == IDLE_OFF || mode == IDLE_BUSY || !parked_count) {
		stream_record(s, "wake", "mode=%s n=0 reason=%s", idle_modes[mode].name,
			      mode == IDLE_OFF    ? "\"not running: only INIT-SIPI-SIPI wakes it (ap_start_us)\""
			      : mode == IDLE_BUSY ? "\"computing: it reads the mailbox after each round of " LOAD_WORKLOAD "\""
						  : "\"no CPU parked\"");
		return;
	}
	unsigned by_path[WAKE_PATH_NONE + 1] = { 0 }, escalated = 0;
	enum wake_path own = idle_modes[mode].wake == IDLE_WAKE_IPI ? WAKE_PATH_IPI : WAKE_PATH_STORE;
	for (size_t k = 0; n < WAKE_SAMPLES && escalated < WAKE_SAMPLES_ESCALATED; k++) {
		struct parked_cpu *pc = &parked_cpus[k % parked_count];
		uint64_t sent;
		enum wake_path path;
		delay_us(WAKE_GAP_US);
		uint32_t seq = parked_command(pc, mode, &sent, &path);
		path = parked_wake_wait(pc, seq, path, PARKED_ACK_TIMEOUT_US);
		by_path[path]++;
		escalated += path > own;
		if (path > WAKE_PATH_NMI) {
			parked_error(s, "ACK_TIMEOUT", pc->ap.apic_id,
				     path == WAKE_PATH_RESTART ? "no acknowledgment during wake-latency rounds (restarted with INIT-SIPI-SIPI)"
							       : "no acknowledgment during wake-latency rounds");
			break;
		}
		uint64_t back = tsc_end();
		uint64_t acked = __atomic_load_n(&pc->mailbox.ack_tsc, __ATOMIC_RELAXED);
		/* TSCs of SMT siblings are one counter; clamp skew on other cores. */
		samples[n] = acked > sent ? acked - sent : 0;
		rtts[n] = back - sent;
		n++;
	}
	if (!n)
		return;
	enum wake_path most = WAKE_PATH_STORE;
	for (enum wake_path p = WAKE_PATH_IPI; p <= WAKE_PATH_NMI; p++)
		if (by_path[p] > by_path[most])
			most = p;
	char finding[200], q[160];
	finding[0] = '\0';
	if (most > own)
		fmt_snprintf(finding, sizeof finding, " finding=%s", stream_quote(q, sizeof q, wake_finding(mode, most)));
	sort_u64(samples, n);
	sort_u64(rtts, n);
	/* median_ns subtracts two threads' TSCs, which are separate counters
	 * (firmware may write one thread's TSC or TSC_ADJUST): one_way_ns, half
	 * the median round trip on the sender's TSC alone, does not depend on
	 * them agreeing. */
	stream_record(s, "wake", "mode=%s n=%zu min_ns=%llu median_ns=%llu p99_ns=%llu max_ns=%llu rtt_median_ns=%llu "
		      "one_way_ns=%llu one_way_method=rtt_half wake_path=%s by_store=%u by_ipi=%u by_nmi=%u%s",
		      idle_modes[mode].name, n, (unsigned long long)time_tsc_to_ns(samples[0]),
		      (unsigned long long)time_tsc_to_ns(samples[n / 2]),
		      (unsigned long long)time_tsc_to_ns(samples[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1]),
		      (unsigned long long)time_tsc_to_ns(samples[n - 1]),
		      (unsigned long long)time_tsc_to_ns(rtts[n / 2]),
		      (unsigned long long)time_tsc_to_ns(rtts[n / 2] / 2), wake_path_name(most), by_path[WAKE_PATH_STORE],
		      by_path[WAKE_PATH_IPI], by_path[WAKE_PATH_NMI], finding);
}

/* What the check of one mode found. */
enum check_outcome {
	CHECK_OK,       /* usable (or skipped: sibling_mode_unavailable says so) */
	CHECK_NOT_IDLE, /* entered and answered, but its dwell was not idle: left out of the plan */
	CHECK_FAILED,   /* a CPU did not answer, or answered wrong */
};

/* The measured CPU's quietness with the parked CPUs in mode (`#! quiet
 * when=<mode>`): an SMI's rendezvous may wait for a sibling that does not
 * answer it (wait-for-SIPI in `off`), which shows as longer gaps here. */
static void quiet_in_mode(enum idle_mode mode, struct stream *s)
{
	struct quiet_probe q;

	quiet_probe_run(&q);
	quiet_probe_report(s, idle_modes[mode].name, &q);
}

/* `#! mce_exposure`: which CPUs of the run sat with CR4.MCE = 0 while the
 * parked CPUs were in mode. INIT leaves a CPU in wait-for-SIPI with CR4 = 0
 * (Intel SDM Vol. 3A, table "IA-32 Processor States Following Power-up,
 * Reset, or INIT": CR4 00000000H), so a parked CPU in `off` and every
 * others=off CPU has machine checks disabled, and a machine check broadcast
 * to it then shuts the machine down (SDM Vol. 3B 16, Machine-Check
 * Architecture, CR4.MCE; Linux commit 45e34c8af58f as the review cites it
 * for this hazard: its text was not opened here). The CPUs idlebench runs
 * set CR4.MCE themselves (kernel/arch/cpu_setup64.asm), the `cr4_mce` meta. */
static void mce_exposure(enum idle_mode mode, struct stream *s)
{
	size_t parked_off = 0, others_off = others_in_wait_for_sipi();

	for (size_t i = 0; i < parked_count; i++)
		parked_off += !parked_cpus[i].ap.running;
	/* CPUs others=leave left to a legacy BIOS may sit in wait-for-SIPI
	 * uncounted: "no" would claim what was not seen */
	stream_record(s, "mce_exposure", "mode=%s exposed=%s cr4_mce_clear=%zu parked_off=%zu others_off=%zu",
		      idle_modes[mode].name,
		      parked_off + others_off ? "yes" : others_cr4_unknown() ? "unknown" : "no", parked_off + others_off,
		      parked_off, others_off);
}

/* Enter mode, idle a while, ping, and report what the CPUs say. */
static enum check_outcome check_mode(enum idle_mode mode, struct stream *s)
{
	const char *name = idle_modes[mode].name;
	const char *why = sibling_mode_unavailable(mode);
	char q[520]; /* a c2_note (platform/acpi/acpi_c2.h) quoted */

	if (why) {
		stream_record(s, "mode", "name=%s status=skipped reason=%s%s", name, stream_quote(q, sizeof q, why),
			      mode == IDLE_IOPORT ? sibling_ioport_fields(false) : "");
		return CHECK_OK;
	}
	if (sibling_set_mode(mode, PARKED_ACK_TIMEOUT_US, s)) {
		stream_record(s, "mode", "name=%s status=timeout wake_path=%s", name,
			      wake_path_name(parked_last_wake_path()));
		return CHECK_FAILED;
	}
	if (mode == IDLE_OFF) {
		stream_record(s, "mode", "name=off status=ok cpus=%zu", parked_count);
		quiet_in_mode(mode, s);
		wake_latency(mode, s);
		return CHECK_OK;
	}
	static uint64_t before[SIBLING_MAX_PARKED];
	uint64_t wakes_before = 0, wakes_after = 0, worst_wakeups = 0;
	for (size_t i = 0; i < parked_count; i++) {
		before[i] = parked_cpus[i].mailbox.wakeups;
		wakes_before += before[i];
	}
	delay_us(VERIFY_DWELL_US);
	/* Ping in the same mode: the acknowledgment carries the C0 share of the
	 * dwell, and the path that woke it says how this mode is left here. */
	if (sibling_set_mode(mode, PARKED_ACK_TIMEOUT_US, s)) {
		stream_record(s, "mode", "name=%s status=timeout wake_path=%s", name,
			      wake_path_name(parked_last_wake_path()));
		return CHECK_FAILED;
	}
	enum wake_path path = parked_last_wake_path();
	bool in_mode = true, canaries = true, c0_known = true;
	enum mperf_state mperf = MPERF_COUNTING;
	uint64_t c0_sum = 0;
	uint32_t c0_worst = 0;
	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked_cpus[i].mailbox;
		in_mode &= m->ack_mode == mode;
		canaries &= smp_stack_canary_ok(&parked_cpus[i].ap);
		wakes_after += m->wakeups;
		if (m->wakeups - before[i] > worst_wakeups)
			worst_wakeups = m->wakeups - before[i];
		mperf = mperf_fold(mperf, i, (enum mperf_state)m->mperf_state);
		if (m->c0_permille == MAILBOX_C0_UNKNOWN)
			c0_known = false;
		else {
			c0_sum += m->c0_permille;
			if (m->c0_permille > c0_worst)
				c0_worst = m->c0_permille;
		}
	}
	/* C0 only where MPERF was seen counting (a 0 from a dead MPERF is no
	 * residency) and where it stops outside C0 in this mode (HWCR[26]). */
	struct mode_c0 v = mode_c0_verdict(mode, sibling_mperf_in_mwait(), mperf == MPERF_COUNTING,
					   mperf_state_text(mperf), c0_known, c0_sum, c0_worst, parked_count);
	char c0[320];
	if (v.known)
		fmt_snprintf(c0, sizeof c0, "%u.%u", v.mean / 10, v.mean % 10);
	else
		fmt_snprintf(c0, sizeof c0, "unknown c0_note=%s", stream_quote(q, sizeof q, v.why));
	uint64_t wakeups = wakes_after - wakes_before;
	char busy_why[160], reason[200];
	/* judged on the worst CPU: one busy CPU among idle ones is not idle */
	const char *busy = idle_modes[mode].idles
				   ? idleness_judge(worst_wakeups, VERIFY_DWELL_US, v.worst, busy_why, sizeof busy_why)
				   : NULL;
	reason[0] = '\0';
	if (busy)
		fmt_snprintf(reason, sizeof reason, " reason=%s", stream_quote(q, sizeof q, busy));
	/* busy: the rounds of the dwell (sibling_set_mode's count for the ping) */
	char rounds[96] = "";
	uint64_t bad_rounds = 0;
	if (mode == IDLE_BUSY) {
		struct sibling_observation obs = { 0 };
		sibling_busy_counts(&obs);
		bad_rounds = obs.busy_bad;
		fmt_snprintf(rounds, sizeof rounds, " workload=%s rounds=%llu bad_rounds=%llu", LOAD_WORKLOAD,
			     (unsigned long long)obs.busy_rounds, (unsigned long long)bad_rounds);
	}
	bool ok = in_mode && canaries && !bad_rounds;
	stream_record(s, "mode", "name=%s status=%s cpus=%zu c0_pct=%s wakeups=%llu wake_path=%s%s%s%s%s", name,
		      !ok ? "error" : busy ? "not_idle" : "ok", parked_count, c0, (unsigned long long)wakeups,
		      wake_path_name(path), mode == IDLE_IOPORT ? sibling_ioport_fields(true) : "", rounds,
		      ok ? reason : "",
		      !in_mode    ? " problem=\"a CPU acknowledged another mode\""
		      : !canaries ? " problem=\"AP stack canary overwritten\""
		      : bad_rounds ? " problem=\"a busy CPU computed a wrong checksum\""
				   : "");
	if (ok)
		quiet_in_mode(mode, s);
	wake_latency(mode, s);
	return !ok ? CHECK_FAILED : busy ? CHECK_NOT_IDLE : CHECK_OK;
}

bool sibling_check_modes(uint32_t mask, struct stream *s, uint32_t *usable)
{
	bool ok = true;

	*usable = 0;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(mask & (1u << m)) || idle_modes[m].parks_as != (enum idle_mode)m) /* hlt2, spike: checked as hlt */
			continue;
		bool skipped = sibling_mode_unavailable((enum idle_mode)m) != NULL;
		enum check_outcome outcome = check_mode((enum idle_mode)m, s);
		if (!skipped) {
			mce_exposure((enum idle_mode)m, s);
			stray_record_write(s, idle_modes[m].name); /* strays during this mode's check */
		}
		ok &= outcome != CHECK_FAILED;
		if (outcome == CHECK_OK && !skipped)
			*usable |= 1u << m;
		else if (outcome == CHECK_NOT_IDLE)
			stream_text(s, "mode %s left out of the plan: not idle here (see its mode record)",
				    idle_modes[m].name);
	}
	/* The controls park as hlt: usable when hlt is (they compare against it). */
	if (mask & IDLE_HLT_CONTROL_MASK) {
		if (*usable & (1u << IDLE_HLT))
			*usable |= mask & IDLE_HLT_CONTROL_MASK;
		else
			stream_text(s, "controls hlt2 and spike skipped: they need the hlt mode");
	}
	/* Back to HLT: the sequence ends where it began (off -> hlt restarts CPUs). */
	if (parked_count && parked_mode != IDLE_HLT) {
		unsigned failed = sibling_set_mode(IDLE_HLT, PARKED_ACK_TIMEOUT_US, s);
		stream_record(s, "mode_switch", "to=hlt status=%s", failed ? "timeout" : "ok");
		ok &= !failed;
	}
	return ok;
}

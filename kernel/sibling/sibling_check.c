/* The `run=siblings` check: every selected mode entered, acknowledged and
 * verified once (the parked CPUs' own report of the mode they are in, their
 * C0 share over a dwell, their stack canaries), and the wake latency of each
 * mode. The experiment takes only the modes that pass. */
#include "kernel/arch/tsc.h"
#include "kernel/lib/fmt.h"
#include "kernel/lib/sort.h"
#include "kernel/sibling/parked.h"
#include "kernel/sibling/sibling.h"
#include "kernel/stream/stray_record.h"
#include "kernel/time/delay.h"

/* Wake-latency round trips per mode, and the pause between them so the
 * parked CPU is back in its idle instruction before the next wake. */
#define WAKE_SAMPLES 200
#define WAKE_GAP_US 50
/* Time a CPU idles in a mode before its C0 residency is read. */
#define VERIFY_DWELL_US 20000

static uint64_t samples[WAKE_SAMPLES], rtts[WAKE_SAMPLES];

/* Round trips "send the wake -> parked CPU timestamps and acknowledges". */
static void wake_latency(enum idle_mode mode, struct stream *s)
{
	size_t n = 0;

	if (mode == IDLE_OFF || !parked_count) {
		stream_record(s, "wake", "mode=%s n=0 reason=%s", idle_modes[mode].name,
			      mode == IDLE_OFF ? "\"not running: only INIT-SIPI-SIPI wakes it (ap_start_us)\""
					       : "\"no CPU parked\"");
		return;
	}
	for (size_t k = 0; n < WAKE_SAMPLES; k++) {
		struct ap_cpu *ap = &parked_cpus[k % parked_count];
		uint64_t sent;
		delay_us(WAKE_GAP_US);
		uint32_t seq = parked_command(ap, mode, &sent);
		if (!parked_wait_ack(ap, seq, PARKED_ACK_TIMEOUT_US)) {
			parked_error(s, "ACK_TIMEOUT", ap->apic_id, "no acknowledgment during wake-latency rounds");
			break;
		}
		uint64_t back = tsc_end();
		uint64_t acked = __atomic_load_n(&ap->mailbox.ack_tsc, __ATOMIC_RELAXED);
		/* TSCs of SMT siblings are one counter; clamp skew on other cores. */
		samples[n] = acked > sent ? acked - sent : 0;
		rtts[n] = back - sent;
		n++;
	}
	if (!n)
		return;
	sort_u64(samples, n);
	sort_u64(rtts, n);
	/* median_ns subtracts two threads' TSCs, which are separate counters
	 * (firmware may write one thread's TSC or TSC_ADJUST): one_way_ns, half
	 * the median round trip on the sender's TSC alone, does not depend on
	 * them agreeing. */
	stream_record(s, "wake", "mode=%s n=%zu min_ns=%llu median_ns=%llu p99_ns=%llu max_ns=%llu rtt_median_ns=%llu "
		      "one_way_ns=%llu one_way_method=rtt_half",
		      idle_modes[mode].name, n, (unsigned long long)time_tsc_to_ns(samples[0]),
		      (unsigned long long)time_tsc_to_ns(samples[n / 2]),
		      (unsigned long long)time_tsc_to_ns(samples[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1]),
		      (unsigned long long)time_tsc_to_ns(samples[n - 1]),
		      (unsigned long long)time_tsc_to_ns(rtts[n / 2]),
		      (unsigned long long)time_tsc_to_ns(rtts[n / 2] / 2));
}

/* Enter mode, idle a while, ping, and report what the CPUs say. */
static bool check_mode(enum idle_mode mode, struct stream *s)
{
	const char *name = idle_modes[mode].name;
	const char *why = sibling_mode_unavailable(mode);
	char q[160];

	if (why) {
		stream_record(s, "mode", "name=%s status=skipped reason=%s", name, stream_quote(q, sizeof q, why));
		return true;
	}
	if (sibling_set_mode(mode, PARKED_ACK_TIMEOUT_US, s)) {
		stream_record(s, "mode", "name=%s status=timeout", name);
		return false;
	}
	if (mode == IDLE_OFF) {
		stream_record(s, "mode", "name=off status=ok cpus=%zu", parked_count);
		wake_latency(mode, s);
		return true;
	}
	uint64_t wakes_before = 0, wakes_after = 0;
	for (size_t i = 0; i < parked_count; i++)
		wakes_before += parked_cpus[i].mailbox.wakeups;
	delay_us(VERIFY_DWELL_US);
	/* Ping in the same mode: the acknowledgment carries the C0 share of the dwell. */
	if (sibling_set_mode(mode, PARKED_ACK_TIMEOUT_US, s)) {
		stream_record(s, "mode", "name=%s status=timeout", name);
		return false;
	}
	bool in_mode = true, canaries = true, c0_known = true;
	uint64_t c0_sum = 0;
	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked_cpus[i].mailbox;
		in_mode &= m->ack_mode == mode;
		canaries &= smp_stack_canary_ok(&parked_cpus[i]);
		wakes_after += m->wakeups;
		if (m->c0_permille == MAILBOX_C0_UNKNOWN)
			c0_known = false;
		else
			c0_sum += m->c0_permille;
	}
	char c0[32];
	if (c0_known)
		fmt_snprintf(c0, sizeof c0, "%llu.%llu", (unsigned long long)(c0_sum / parked_count / 10),
			     (unsigned long long)(c0_sum / parked_count % 10));
	else
		fmt_snprintf(c0, sizeof c0, "\"\"");
	bool ok = in_mode && canaries;
	stream_record(s, "mode", "name=%s status=%s cpus=%zu c0_pct=%s wakeups=%llu%s%s", name, ok ? "ok" : "error",
		      parked_count, c0, (unsigned long long)(wakes_after - wakes_before),
		      in_mode ? "" : " problem=\"a CPU acknowledged another mode\"",
		      canaries ? "" : " problem=\"AP stack canary overwritten\"");
	wake_latency(mode, s);
	return ok;
}

bool sibling_check_modes(uint32_t mask, struct stream *s, uint32_t *usable)
{
	bool ok = true;

	if (parked_count && !parked_aperfmperf())
		stream_text(s, "sibling C0 residency: not measurable here (no APERF/MPERF in CPUID.06H:ECX)");
	*usable = 0;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(mask & (1u << m)) || idle_mode_is_control((enum idle_mode)m))
			continue;
		bool skipped = sibling_mode_unavailable((enum idle_mode)m) != NULL;
		bool mode_ok = check_mode((enum idle_mode)m, s);
		if (!skipped)
			stray_record_write(s, idle_modes[m].name); /* strays during this mode's check */
		ok &= mode_ok;
		if (mode_ok && !skipped)
			*usable |= 1u << m;
	}
	/* The controls park as hlt: usable when hlt is (they compare against it). */
	if (mask & IDLE_CONTROL_MASK) {
		if (*usable & (1u << IDLE_HLT))
			*usable |= mask & IDLE_CONTROL_MASK;
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

/* Sibling control. The measured CPU keeps interrupts off for the whole run
 * and has every LVT entry and the 8259s masked (nanoBench's method), so the
 * only interrupts in the system are the wake IPIs it sends. */
#include "kernel/acpi/acpi_format.h"
#include "kernel/lib/sort.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/x86.h"
#include "kernel/lib/fmt.h"
#include "kernel/lib/mem.h"
#include "kernel/selftest.h"
#include "kernel/sibling/park.h"
#include "kernel/sibling/sibling.h"
#include "kernel/smp/smp.h"
#include "kernel/time/delay.h"

/* An AP gets this long to reach C after INIT-SIPI-SIPI, and to acknowledge
 * a command. Generous: QEMU TCG on a loaded 2-core host is slow. */
#define AP_START_TIMEOUT_US 2000000
#define ACK_TIMEOUT_US 1000000
/* Wake-latency round trips per mode, and the pause between them so the
 * parked CPU is back in its idle instruction before the next wake. */
#define WAKE_SAMPLES 200
#define WAKE_GAP_US 50
/* Time a CPU idles in a mode before its C0 residency is read. */
#define VERIFY_DWELL_US 20000

static struct ap_cpu parked[SIBLING_MAX_PARKED];
static size_t parked_count;
static enum idle_mode current_mode = IDLE_HLT;
static struct park_config park;
static const char *mwait_reason;
static char no_cpu_reason[96];
static uint64_t samples[WAKE_SAMPLES], rtts[WAKE_SAMPLES];

static void ap_error(struct stream *s, const char *code, uint32_t apic, const char *msg)
{
	char q[160];
	stream_record(s, "error", "code=%s apic_id=%u msg=%s", code, apic, stream_quote(q, sizeof q, msg));
}

/* The APIC IDs to park for `placement=`, ascending, into ids; returns count. */
static size_t choose_cpus(const struct platform *p, const char *placement, uint32_t *ids, uint32_t *control)
{
	size_t n = 0;

	*control = UINT32_MAX;
	if (strcmp(placement, "other-core")) {
		for (size_t i = 0; i < p->sibling_count && n < SIBLING_MAX_PARKED; i++)
			ids[n++] = p->siblings[i];
		if (!p->sibling_count)
			fmt_snprintf(no_cpu_reason, sizeof no_cpu_reason, "no SMT sibling of APIC %u (%s)",
				     p->bench_apic, p->sibling_note ? p->sibling_note : "none found");
	}
	if (strcmp(placement, "sibling") && p->acpi_found && p->acpi.madt_status == ACPI_OK) {
		uint32_t c;
		if (topology_pick_control(p->bench_apic, &p->topo, p->acpi.madt.apic_ids, p->acpi.madt.cpu_count,
					  &c) == TOPOLOGY_OK && n < SIBLING_MAX_PARKED) {
			*control = c;
			ids[n++] = c;
		} else if (!n) {
			fmt_snprintf(no_cpu_reason, sizeof no_cpu_reason, "no CPU on another core than APIC %u",
				     p->bench_apic);
		}
	}
	return n;
}

static void describe_mwait(const struct platform *p)
{
	if (!p->feat.monitor)
		mwait_reason = "no MONITOR/MWAIT in CPUID.01H:ECX";
	else if (p->mwait == CPU_MWAIT_NO_HWCR_DISABLED)
		mwait_reason = "HWCR.MonMwaitDis set";
	else
		mwait_reason = NULL;
}

bool sibling_bringup(const struct platform *p, const struct options *o, struct phys_alloc *phys,
		     struct stream *s)
{
	uint32_t ids[SIBLING_MAX_PARKED], control, max_id = p->bench_apic;
	const char *placement = options_get(o, "placement"), *why = "";
	char list[SIBLING_MAX_PARKED * 11 + 1];

	if (p->acpi_found && p->acpi.madt_status == ACPI_OK && p->acpi.madt.cpu_count)
		max_id = p->acpi.madt.apic_ids[p->acpi.madt.cpu_count - 1];
	enum lapic_status ls = lapic_init_bsp(options_get(o, "x2apic"), max_id, &why);
	if (ls != LAPIC_OK) {
		stream_error(s, "LAPIC", lapic_status_text(ls));
		return false;
	}
	lapic_mask_all();
	stream_meta(s, "x2apic", lapic_x2apic() ? "on" : "off");
	stream_text(s, "apic: %s mode (%s)", lapic_x2apic() ? "x2APIC" : "xAPIC", why);
	time_set_tsc_hz(p->tsc_ok ? p->tsc.hz : 0);

	describe_mwait(p);
	park.c2_port = p->c2.source == ACPI_C2_NONE ? 0 : p->c2.port;
	park.mwait_hint = (uint32_t)options_get_uint(o, "mwait_hint");
	park.mwait_allowed = mwait_reason == NULL;
	park.try_mwait_ecx1 = p->feat.mwait_ibe;
	park.aperfmperf = p->feat.aperfmperf;
	bool busy_selftest = options_is(o, "selftest", "sibling-ud-busy");
	park.selftest_ud = busy_selftest || options_is(o, "selftest", "sibling-ud");
	park.selftest_ud_busy = busy_selftest;
	park_configure(&park);

	size_t n = choose_cpus(p, placement, ids, &control);
	stream_meta(s, "placement", placement);
	if (control == UINT32_MAX)
		stream_meta(s, "control_apic", "");
	else
		stream_metaf(s, "control_apic", "%u", control);

	enum smp_status st = n ? smp_init(phys) : SMP_OK;
	if (st != SMP_OK) {
		stream_error(s, "AP_TRAMPOLINE", smp_status_text(st));
		n = 0;
	}
	uint64_t max_start = 0;
	size_t len = 0;
	list[0] = '\0';
	parked_count = 0;
	current_mode = IDLE_HLT;
	for (size_t i = 0; i < n; i++) {
		struct ap_cpu *ap = &parked[parked_count];
		st = smp_prepare(ap, phys, ids[i], (uint32_t)parked_count, park_main);
		if (st == SMP_OK) {
			mailbox_post(&ap->mailbox, IDLE_HLT, rdtsc());
			st = smp_start(ap, AP_START_TIMEOUT_US);
		}
		if (st != SMP_OK) {
			ap_error(s, st == SMP_ERR_AP_TIMEOUT ? "AP_TIMEOUT" : "AP_START", ids[i], smp_status_text(st));
			smp_stop(ap);
			continue;
		}
		uint64_t took = ap->alive_tsc - ap->start_tsc;
		if (took > max_start)
			max_start = took;
		len += (size_t)fmt_snprintf(list + len, sizeof list - len, "%s%u", parked_count ? "," : "", ids[i]);
		parked_count++;
	}
	if (busy_selftest && parked_count)
		selftest_write_busy_lines(s);
	stream_meta(s, "aps_started", list);
	stream_metaf(s, "ap_start_us", "%llu", (unsigned long long)(time_tsc_to_ns(max_start) / 1000));

	/* Let every parked CPU take its first command (HLT) and probe MWAIT. */
	for (size_t i = 0; i < parked_count; i++) {
		uint64_t deadline = rdtsc() + time_us_to_tsc(ACK_TIMEOUT_US);
		while (!mailbox_acked(&parked[i].mailbox, parked[i].mailbox.cmd_seq) && rdtsc() < deadline)
			cpu_pause();
	}
	if (!park.mwait_allowed)
		stream_metaf(s, "mwait_ecx", "none (%s)", mwait_reason);
	else if (!park.try_mwait_ecx1)
		stream_meta(s, "mwait_ecx", "0 (CPUID.05H:ECX.IBE clear)");
	else if (parked_count && parked[0].mailbox.mwait_ecx == 1)
		stream_meta(s, "mwait_ecx", "1 (CPUID.05H:ECX.IBE, accepted)");
	else
		stream_meta(s, "mwait_ecx", "0 (MWAIT with ECX=1 raised #GP although CPUID.05H:ECX.IBE is set)");
	if (park.c2_port)
		stream_metaf(s, "c2_entry", "in8 0x%x", park.c2_port);
	else
		stream_meta(s, "c2_entry", "none");
	stream_text(s, "parked CPUs: %s (placement=%s); slowest start-up %llu us",
		    parked_count ? list : "none", placement,
		    (unsigned long long)(time_tsc_to_ns(max_start) / 1000));
	return true;
}

const char *sibling_mode_unavailable(enum idle_mode mode)
{
	if (mode == IDLE_OFF)
		return NULL; /* "not running" needs nothing */
	if (!parked_count)
		return no_cpu_reason[0] ? no_cpu_reason : "no CPU to park";
	if (mode == IDLE_MWAIT && !park.mwait_allowed)
		return mwait_reason;
	if (mode == IDLE_IOPORT && !park.c2_port)
		return "no C2 I/O port (no _CST SystemIO C2, CStateBaseAddr or P_BLK; give c2port=)";
	return NULL;
}

static bool wait_ack(struct ap_cpu *ap, uint32_t seq, uint64_t timeout_us)
{
	uint64_t deadline = rdtsc() + time_us_to_tsc(timeout_us);

	while (!mailbox_acked(&ap->mailbox, seq)) {
		if (rdtsc() > deadline)
			return false;
		cpu_pause();
	}
	return true;
}

/* Post mode to one CPU and wake it the way its current mode needs. */
static uint32_t command(struct ap_cpu *ap, enum idle_mode mode, uint64_t *sent_tsc)
{
	uint64_t t = tsc_start();
	uint32_t seq = mailbox_post(&ap->mailbox, mode, t);

	if (idle_modes[current_mode].wake == IDLE_WAKE_IPI)
		lapic_send_ipi(ap->apic_id, LAPIC_WAKE_VECTOR);
	if (sent_tsc)
		*sent_tsc = t;
	return seq;
}

unsigned sibling_set_mode(enum idle_mode mode, uint64_t timeout_us, struct stream *s)
{
	unsigned failed = 0;

	for (size_t i = 0; i < parked_count; i++) {
		struct ap_cpu *ap = &parked[i];
		bool ok;
		if (!ap->running && mode == IDLE_OFF) {
			ok = true; /* already off */
		} else if (!ap->running) {
			/* Leaving off: the command waits in the mailbox for the restarted CPU. */
			uint32_t seq = mailbox_post(&ap->mailbox, mode, rdtsc());
			ok = smp_start(ap, AP_START_TIMEOUT_US) == SMP_OK && wait_ack(ap, seq, timeout_us);
		} else {
			uint32_t seq = command(ap, mode, NULL);
			ok = wait_ack(ap, seq, timeout_us);
			if (ok && mode == IDLE_OFF)
				ok = smp_stop(ap) == SMP_OK;
		}
		if (!ok) {
			failed++;
			char msg[96];
			fmt_snprintf(msg, sizeof msg, "no acknowledgment of mode %s from APIC %u", idle_modes[mode].name,
				     ap->apic_id);
			ap_error(s, "ACK_TIMEOUT", ap->apic_id, msg);
		}
	}
	current_mode = mode;
	return failed;
}

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
		struct ap_cpu *ap = &parked[k % parked_count];
		uint64_t sent;
		delay_us(WAKE_GAP_US);
		uint32_t seq = command(ap, mode, &sent);
		if (!wait_ack(ap, seq, ACK_TIMEOUT_US)) {
			ap_error(s, "ACK_TIMEOUT", ap->apic_id, "no acknowledgment during wake-latency rounds");
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
	stream_record(s, "wake", "mode=%s n=%zu min_ns=%llu median_ns=%llu p99_ns=%llu max_ns=%llu rtt_median_ns=%llu",
		      idle_modes[mode].name, n, (unsigned long long)time_tsc_to_ns(samples[0]),
		      (unsigned long long)time_tsc_to_ns(samples[n / 2]),
		      (unsigned long long)time_tsc_to_ns(samples[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1]),
		      (unsigned long long)time_tsc_to_ns(samples[n - 1]),
		      (unsigned long long)time_tsc_to_ns(rtts[n / 2]));
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
	if (sibling_set_mode(mode, ACK_TIMEOUT_US, s)) {
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
		wakes_before += parked[i].mailbox.wakeups;
	delay_us(VERIFY_DWELL_US);
	/* Ping in the same mode: the acknowledgment carries the C0 share of the dwell. */
	if (sibling_set_mode(mode, ACK_TIMEOUT_US, s)) {
		stream_record(s, "mode", "name=%s status=timeout", name);
		return false;
	}
	bool in_mode = true, canaries = true, c0_known = true;
	uint64_t c0_sum = 0;
	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked[i].mailbox;
		in_mode &= m->ack_mode == mode;
		canaries &= smp_stack_canary_ok(&parked[i]);
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

bool sibling_check_modes(const struct options *o, struct stream *s, uint32_t *usable)
{
	uint32_t mask = 0;
	char err[160];
	bool ok = true;

	if (idle_modes_parse(options_get(o, "modes"), &mask, err, sizeof err)) {
		stream_error(s, "MODES", err); /* cannot happen: the option was validated */
		return false;
	}
	if (parked_count && !park.aperfmperf)
		stream_text(s, "sibling C0 residency: not measurable here (no APERF/MPERF in CPUID.06H:ECX)");
	*usable = 0;
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(mask & (1u << m)))
			continue;
		bool skipped = sibling_mode_unavailable((enum idle_mode)m) != NULL;
		bool mode_ok = check_mode((enum idle_mode)m, s);
		ok &= mode_ok;
		if (mode_ok && !skipped)
			*usable |= 1u << m;
	}
	/* Back to HLT: the sequence ends where it began (off -> hlt restarts CPUs). */
	if (parked_count && current_mode != IDLE_HLT) {
		unsigned failed = sibling_set_mode(IDLE_HLT, ACK_TIMEOUT_US, s);
		stream_record(s, "mode_switch", "to=hlt status=%s", failed ? "timeout" : "ok");
		ok &= !failed;
	}
	return ok;
}

unsigned sibling_parked_count(void)
{
	return (unsigned)parked_count;
}

bool sibling_observe(struct sibling_observation *out, struct stream *s)
{
	uint64_t before = 0;

	out->cpus = 0;
	out->wakeups = 0;
	out->c0_known = true;
	out->c0_permille = 0;
	if (!parked_count || current_mode == IDLE_OFF) {
		out->c0_known = false;
		return true;
	}
	for (size_t i = 0; i < parked_count; i++)
		before += parked[i].mailbox.wakeups;
	if (sibling_set_mode(current_mode, ACK_TIMEOUT_US, s))
		return false;
	uint64_t after = 0, c0 = 0;
	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked[i].mailbox;
		after += m->wakeups;
		if (m->c0_permille == MAILBOX_C0_UNKNOWN)
			out->c0_known = false;
		else
			c0 += m->c0_permille;
	}
	out->cpus = (unsigned)parked_count;
	/* The ping itself wakes each CPU once. */
	out->wakeups = after - before >= parked_count ? after - before - parked_count : 0;
	out->c0_permille = out->c0_known ? (uint32_t)(c0 / parked_count) : 0;
	return true;
}

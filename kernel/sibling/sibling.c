/* Sibling control: bring-up of the CPUs to park and the mode-command
 * protocol (post a mode in the mailbox, wake the CPU as its current mode
 * needs, wait for the acknowledgment). The measured CPU keeps interrupts off
 * for the whole run and has every LVT entry and the 8259s masked
 * (kernel/experiment/measured_cpu.c), so the only interrupts in the system
 * are the wake IPIs it sends. The `run=siblings` check is sibling_check.c. */
#include "platform/acpi/acpi_format.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/tsc.h"
#include "kernel/arch/exception.h"
#include "kernel/arch/nmi_credit.h"
#include "kernel/arch/x86.h"
#include "kernel/fault/fault_report.h"
#include "lib/fmt.h"
#include "lib/mem.h"
#include "kernel/fault/selftest.h"
#include "kernel/sibling/mperf_mwait.h"
#include "kernel/sibling/park.h"
#include "kernel/sibling/parked.h"
#include "platform/sibling/residency.h"
#include "kernel/sibling/sibling.h"
#include "kernel/smp/smp.h"
#include "kernel/time/delay.h"

/* An AP gets this long to reach C after INIT-SIPI-SIPI. Generous: QEMU TCG
 * on a loaded 2-core host is slow. */
#define AP_START_TIMEOUT_US 2000000
#define ACK_TIMEOUT_US PARKED_ACK_TIMEOUT_US

struct parked_cpu parked_cpus[SIBLING_MAX_PARKED];
size_t parked_count;
enum idle_mode parked_mode = IDLE_HLT;
static struct park_config park;
/* The CPUs placement= chose to park, started or not. */
static uint32_t chosen[SIBLING_MAX_PARKED];
static size_t chosen_count;
static const char *mwait_reason;
/* Mode busy's rounds, one per parked CPU, and why it cannot run (NULL: it can). */
static struct load_work busy_work[SIBLING_MAX_PARKED];
static const char *busy_reason;
/* Each CPU's busy rounds (and wrong ones) at its last acknowledgment, and
 * how many it finished between its last two (the interval
 * sibling_observe reports). */
static uint64_t busy_mark[SIBLING_MAX_PARKED], busy_bad_mark[SIBLING_MAX_PARKED];
static uint64_t busy_rounds[SIBLING_MAX_PARKED], busy_bad[SIBLING_MAX_PARKED];
static char no_cpu_reason[96];
/* What the parked CPUs' HWCR[26] says of MPERF in MWAIT (mperf_mwait.h). */
static enum mperf_in_mwait mperf_mwait = MPERF_MWAIT_NOT_AMD;
static const char *ioport_reason; /* why ioport is not run (NULL: it is) */
static char ioport_fields[300], ioport_fields_note[800];
/* The first path a CPU in mwait needs here: the store, unless this
 * platform's MONITOR was seen to miss it twice in a row (learned by
 * parked_wake_wait; once may be a vCPU descheduled for a wake step). */
static enum wake_path mwait_first_path = WAKE_PATH_STORE;
static unsigned mwait_misses;
static enum wake_path last_path;
/* Bring-up problems (a CPU restarted, faulted or silent before its first
 * acknowledgment): the run ends status=error. */
static unsigned bringup_failures;
/* Parked CPUs (bit = index) whose fault already has its AP_FAULTED record. */
static uint32_t fault_recorded;

const char *wake_path_name(enum wake_path p)
{
	static const char *const names[] = { "store", "ipi", "nmi", "restart", "faulted", "none" };
	return p <= WAKE_PATH_NONE ? names[p] : "none";
}

/* The error record for a command ap did not take by its own wake path
 * (RESTART, FAULTED or NONE); what is the command, for the message. The
 * AP_FAULTED record is written once per CPU (each later command fails the
 * same way, at once). */
static void wake_failure_error(struct stream *s, const struct ap_cpu *ap, enum wake_path got, const char *what)
{
	char msg[160];

	if (got == WAKE_PATH_FAULTED) {
		if (fault_recorded & (1u << ap->index))
			return;
		fault_recorded |= 1u << ap->index;
		fmt_snprintf(msg, sizeof msg, "APIC %u faulted (its CPU_EXCEPTION record): not woken by NMI nor restarted, "
			     "it stays halted; every mode it is in fails", ap->apic_id);
		parked_error(s, "AP_FAULTED", ap->apic_id, msg);
		return;
	}
	fmt_snprintf(msg, sizeof msg, "no acknowledgment of %s from APIC %u (store, wake IPI and NMI)%s", what,
		     ap->apic_id, got == WAKE_PATH_RESTART ? "; restarted with INIT-SIPI-SIPI, it took the command" : "");
	parked_error(s, "ACK_TIMEOUT", ap->apic_id, msg);
}

void parked_error(struct stream *s, const char *code, uint32_t apic, const char *msg)
{
	char q[160];
	stream_record(s, "error", "code=%s apic_id=%u msg=%s", code, apic, stream_quote(q, sizeof q, msg));
}

/* The APIC IDs to park for `placement=`, ascending, into ids; returns count. */
static size_t choose_cpus(const struct platform *p, enum placement placement, uint32_t *ids, uint32_t *control)
{
	size_t n = 0;

	*control = UINT32_MAX;
	if (placement != PLACEMENT_OTHER_CORE) {
		for (size_t i = 0; i < p->sibling_count && n < SIBLING_MAX_PARKED; i++)
			ids[n++] = p->siblings[i];
		if (!p->sibling_count)
			fmt_snprintf(no_cpu_reason, sizeof no_cpu_reason, "no SMT sibling of APIC %u (%s)",
				     p->bench_apic, p->sibling_note ? p->sibling_note : "none found");
	}
	if (placement != PLACEMENT_SIBLING && p->acpi_found && p->acpi.madt_status == ACPI_OK) {
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

/* Whether ioport is run (platform/acpi/acpi_c2.c decided: a port the core
 * does not trap is skipped unless c2port= forced it) and its record fields. */
static void describe_ioport(const struct platform *p)
{
	const struct acpi_c2_entry *e = &p->c2_entry;
	bool have_port = p->c2.source != ACPI_C2_NONE;
	char q[520];

	park.c2_port = have_port && e->offer ? p->c2.port : 0;
	park.pm_timer_port = park.c2_port && e->pm_timer_dummy && p->acpi_found && p->acpi.fadt_status == ACPI_OK
				     ? p->acpi.fadt.pm_timer_port
				     : 0;
	if (!have_port)
		ioport_reason = "no C2 I/O port (the firmware gives none Linux would use: see c2_rule; give c2port=)";
	else if (!e->offer)
		ioport_reason = e->note;
	else
		ioport_reason = NULL;
	fmt_snprintf(ioport_fields, sizeof ioport_fields, " c2_kind=%s c2_trapped=%s", acpi_c2_kind_name(e->kind),
		     !have_port ? "no" : e->trapped ? "yes" : "no");
	if (e->note[0])
		fmt_snprintf(ioport_fields_note, sizeof ioport_fields_note, "%s c2_note=%s", ioport_fields,
			     stream_quote(q, sizeof q, e->note));
	else
		fmt_snprintf(ioport_fields_note, sizeof ioport_fields_note, "%s", ioport_fields);
}

/* amd_mperf_in_mwait and its note, from every parked CPU's own HWCR. */
static void mperf_mwait_meta(const struct platform *p, struct stream *s)
{
	struct hwcr_cpu cpus[SIBLING_MAX_PARKED];
	char note[200];

	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked_cpus[i].mailbox;
		cpus[i] = (struct hwcr_cpu){ parked_cpus[i].ap.apic_id, (enum hwcr_reading)m->hwcr_state, m->hwcr };
	}
	mperf_mwait = mperf_in_mwait_fold(park.amd_like, p->id.hypervisor, cpus, parked_count, note, sizeof note);
	stream_meta(s, "amd_mperf_in_mwait", mperf_in_mwait_name(mperf_mwait));
	stream_meta(s, "amd_mperf_in_mwait_note", note);
	if (mperf_mwait == MPERF_MWAIT_COUNTS)
		stream_text(s, "MPERF counts in MWAIT on a parked CPU (HWCR[26] EffFreqCntMwait): mwait's C0 share is not reported%s%s",
			    note[0] ? "; " : "", note);
}

/* amd_eilvt_parked: each parked CPU's extended LVTs as it found them and
 * whether it masked them ("APIC 1: efeat=... lvt=... masked=yes; APIC 3:
 * ..."), written once every CPU has taken its first command. */
static void eilvt_parked_meta(struct stream *s)
{
	char all[900], one[160];
	size_t at = 0;

	all[0] = '\0';
	for (size_t i = 0; i < parked_count; i++) {
		eilvt_meta(&parked_cpus[i].eilvt, one, sizeof one);
		fmt_append(all, sizeof all, &at, "%sAPIC %u: %s", i ? "; " : "", parked_cpus[i].ap.apic_id, one);
	}
	stream_meta(s, "amd_eilvt_parked", all);
}

unsigned sibling_release(struct stream *s)
{
	unsigned failed = 0;

	if (parked_count && parked_mode != IDLE_OFF) {
		failed = sibling_set_mode(IDLE_OFF, ACK_TIMEOUT_US, s);
		stream_text(s, "parked CPUs released (INIT), their AMD extended LVTs written back as found first (%u failed)",
			    failed);
	}
	return failed;
}

enum mperf_in_mwait sibling_mperf_in_mwait(void)
{
	return mperf_mwait;
}

const char *sibling_ioport_fields(bool with_note)
{
	return with_note ? ioport_fields_note : ioport_fields;
}

/* The parked CPUs' part of which: set cfg's self-test fields (selftest_ud
 * for sibling-ud, sibling-ud-busy and sibling-ud-nmi, selftest_deaf,
 * selftest_dead; all off for the other values) and its before_fault hook:
 * for sibling-ud-busy the parked CPU faults once an eighth of the boot
 * CPU's lines are out, or after 100 ms of TSC at 4 GHz if they never come. */
static void selftest_configure_park(enum selftest which, struct park_config *cfg)
{
	bool busy = which == SELFTEST_SIBLING_UD_BUSY;

	cfg->selftest_ud = busy || which == SELFTEST_SIBLING_UD || which == SELFTEST_SIBLING_UD_NMI;
	cfg->before_fault = busy ? selftest_wait_for_busy_lines : NULL;
	cfg->selftest_deaf = which == SELFTEST_SIBLING_DEAF;
	cfg->selftest_dead = which == SELFTEST_SIBLING_DEAD;
}

bool sibling_bringup(const struct platform *p, const struct sibling_config *c, struct phys_alloc *phys,
		     struct stream *s)
{
	uint32_t ids[SIBLING_MAX_PARKED], control;
	const char *placement = placement_name(c->placement);
	char list[SIBLING_MAX_PARKED * 11 + 1];

	describe_mwait(p);
	describe_ioport(p);
	park.mwait_hint = c->mwait_hint;
	park.mwait_allowed = mwait_reason == NULL;
	park.try_mwait_ecx1 = p->feat.mwait_ibe;
	park.aperfmperf = p->feat.aperfmperf;
	park.amd_like = p->id.vendor_id == CPU_VENDOR_AMD || p->id.vendor_id == CPU_VENDOR_HYGON;
	selftest_configure_park(c->selftest, &park);
	park_configure(&park);
	exception_set_nmi_handler(park_nmi);
	mwait_first_path = WAKE_PATH_STORE;
	mwait_misses = 0;
	bringup_failures = 0;
	fault_recorded = 0;

	size_t n = choose_cpus(p, c->placement, ids, &control);
	memcpy(chosen, ids, n * sizeof ids[0]);
	chosen_count = n;
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
	parked_mode = IDLE_HLT;
	for (size_t i = 0; i < n; i++) {
		struct parked_cpu *pc = &parked_cpus[parked_count];
		struct ap_cpu *ap = &pc->ap;
		st = smp_prepare(ap, phys, ids[i], (uint32_t)parked_count, park_main);
		if (st == SMP_OK) {
			mailbox_reset(&pc->mailbox);
			mailbox_post(&pc->mailbox, IDLE_HLT, rdtsc());
			st = smp_start(ap, AP_START_TIMEOUT_US);
		}
		if (st != SMP_OK) {
			parked_error(s, st == SMP_ERR_AP_TIMEOUT ? "AP_TIMEOUT" : "AP_START", ids[i], smp_status_text(st));
			smp_stop(ap);
			continue;
		}
		pc->busy = NULL;
		uint64_t took = ap->alive_tsc - ap->start_tsc;
		if (took > max_start)
			max_start = took;
		len += (size_t)fmt_snprintf(list + len, sizeof list - len, "%s%u", parked_count ? "," : "", ids[i]);
		parked_count++;
	}
	/* Mode busy: each parked CPU its own arena (never the measured CPU's),
	 * taken now, before any CPU is commanded into busy. */
	busy_reason = c->busy ? NULL : "not among modes=";
	memset(busy_work, 0, sizeof busy_work);
	memset(busy_mark, 0, sizeof busy_mark);
	memset(busy_bad_mark, 0, sizeof busy_bad_mark);
	for (size_t i = 0; i < parked_count && !busy_reason; i++) {
		busy_reason = load_prepare(&busy_work[i], phys);
		__atomic_store_n(&parked_cpus[i].busy, busy_reason ? NULL : &busy_work[i], __ATOMIC_RELEASE);
	}
	if (c->selftest == SELFTEST_SIBLING_UD_BUSY && parked_count)
		selftest_write_busy_lines(s, fault_report_done_count);
	stream_meta(s, "aps_started", list);
	stream_metaf(s, "ap_start_us", "%llu", (unsigned long long)(time_tsc_to_ns(max_start) / 1000));

	/* Let every parked CPU probe MWAIT and MPERF and take its first command
	 * (HLT), bounded: a CPU stuck in its probe gets the IPI, then the NMI,
	 * then INIT-SIPI-SIPI. Anything past the NMI is an error: a restarted
	 * CPU hid what stopped it, a faulted one is gone. */
	for (size_t i = 0; i < parked_count; i++) {
		struct parked_cpu *pc = &parked_cpus[i];
		enum wake_path got = parked_wake_wait(pc, pc->mailbox.cmd_seq, WAKE_PATH_STORE, ACK_TIMEOUT_US);
		if (got > WAKE_PATH_NMI) {
			bringup_failures++;
			wake_failure_error(s, &pc->ap, got, "its first command (hlt)");
		}
	}
	uint32_t ecx = parked_count ? parked_cpus[0].mailbox.mwait_ecx : MAILBOX_ECX_UNPROBED;
	if (!park.mwait_allowed)
		stream_metaf(s, "mwait_ecx", "none (%s)", mwait_reason);
	else if (!park.try_mwait_ecx1)
		stream_meta(s, "mwait_ecx", "0 (CPUID.05H:ECX.IBE clear)");
	else if (ecx == MAILBOX_ECX_UNPROBED)
		stream_meta(s, "mwait_ecx", "unknown (not probed: no parked CPU ran the probe)");
	else if (ecx == 1)
		stream_meta(s, "mwait_ecx", "1 (CPUID.05H:ECX.IBE, accepted)");
	else
		stream_meta(s, "mwait_ecx", "0 (MWAIT with ECX=1 raised #GP although CPUID.05H:ECX.IBE is set)");
	enum mperf_state mperf = MPERF_UNPROBED; /* every parked CPU's own verdict, not the first's */
	for (size_t i = 0; i < parked_count; i++)
		mperf = mperf_fold(mperf, i, (enum mperf_state)parked_cpus[i].mailbox.mperf_state);
	if (mperf == MPERF_COUNTING) {
		stream_meta(s, "c0_residency", mperf_state_text(mperf));
	} else {
		stream_metaf(s, "c0_residency", "unknown (%s)", mperf_state_text(mperf));
		stream_text(s, "sibling C0 residency: not reported (%s)", mperf_state_text(mperf));
	}
	mperf_mwait_meta(p, s);
	eilvt_parked_meta(s);
	if (park.c2_port && park.pm_timer_port)
		stream_metaf(s, "c2_entry", "in8 0x%x; in32 0x%x (PM timer, as Linux's io_idle)", park.c2_port,
			     park.pm_timer_port);
	else if (park.c2_port)
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
	if (mode == IDLE_BUSY && busy_reason)
		return busy_reason;
	if (mode == IDLE_IOPORT && !park.c2_port)
		return ioport_reason ? ioport_reason : "no C2 I/O port";
	return NULL;
}

unsigned sibling_bringup_failures(void)
{
	return bringup_failures;
}

bool parked_wait_ack(struct parked_cpu *pc, uint32_t seq, uint64_t timeout_us)
{
	uint64_t deadline = rdtsc() + time_us_to_tsc(timeout_us);

	while (!mailbox_acked(&pc->mailbox, seq)) {
		if (rdtsc() > deadline || (fault_report_count() && fault_report_cpu_faulted(pc->ap.apic_id)))
			return false;
		cpu_pause();
	}
	return true;
}

/* Send the wake of path p (the store is already in the mailbox). */
static void send_wake(struct ap_cpu *ap, enum wake_path p)
{
	if (p == WAKE_PATH_IPI)
		lapic_send_ipi(ap->apic_id, LAPIC_WAKE_VECTOR);
	else if (p == WAKE_PATH_NMI) {
		nmi_credit_expect();
		lapic_send_nmi(ap->apic_id);
	}
}

uint32_t parked_command(struct parked_cpu *pc, enum idle_mode mode, uint64_t *sent_tsc, enum wake_path *path)
{
	uint64_t t = tsc_start();
	uint32_t seq = mailbox_post(&pc->mailbox, mode, t);
	enum wake_path p = idle_modes[parked_mode].wake == IDLE_WAKE_IPI ? WAKE_PATH_IPI : WAKE_PATH_STORE;

	if (parked_mode == IDLE_MWAIT)
		p = mwait_first_path;
	send_wake(&pc->ap, p);
	if (sent_tsc)
		*sent_tsc = t;
	if (path)
		*path = p;
	return seq;
}

enum wake_path parked_wake_wait(struct parked_cpu *pc, uint32_t seq, enum wake_path path, uint64_t timeout_us)
{
	struct ap_cpu *ap = &pc->ap;
	uint64_t start = rdtsc(), budget = time_us_to_tsc(timeout_us);

	/* Store -> IPI -> NMI, each given PARKED_WAKE_STEP_US, the NMI the rest.
	 * A CPU that faulted is halted in its fault report's end: an NMI would
	 * only interrupt the report, INIT would cut it (and the stream's lock
	 * with it) and revive the CPU as if nothing had happened. */
	for (enum wake_path p = path; p <= WAKE_PATH_NMI; p++) {
		if (fault_report_cpu_faulted(ap->apic_id))
			return WAKE_PATH_FAULTED;
		if (p != path)
			send_wake(ap, p);
		uint64_t spent = rdtsc() - start;
		uint64_t left = spent < budget ? budget - spent : 0;
		/* A busy CPU reads the mailbox between rounds with IF = 0: only
		 * the store reaches it, after the round (milliseconds, more under
		 * TCG), so the store gets the whole budget. */
		uint64_t step = p == WAKE_PATH_NMI || parked_mode == IDLE_BUSY ? left : time_us_to_tsc(PARKED_WAKE_STEP_US);
		if (parked_wait_ack(pc, seq, time_tsc_to_ns(step < left ? step : left) / 1000)) {
			/* An mwait CPU the store did not wake: start there next time. */
			if (parked_mode == IDLE_MWAIT && path == WAKE_PATH_STORE) {
				mwait_misses = p > WAKE_PATH_STORE ? mwait_misses + 1 : 0;
				if (mwait_misses >= 2 && p > mwait_first_path)
					mwait_first_path = p;
			}
			return p;
		}
	}
	/* Nothing woke it: INIT-SIPI-SIPI, and the restarted CPU takes the
	 * waiting command (park_main starts from ack_seq). */
	if (fault_report_cpu_faulted(ap->apic_id))
		return WAKE_PATH_FAULTED;
	/* A wake NMI it never took (blocked in an NMI handler it halted in) is
	 * lost with INIT: its credit must not absorb a later platform NMI. The
	 * other CPUs' wake NMIs were taken long ago (their acks came first). */
	nmi_credit_forget();
	smp_stop(ap);
	if (smp_start(ap, AP_START_TIMEOUT_US) == SMP_OK && parked_wait_ack(pc, seq, timeout_us))
		return WAKE_PATH_RESTART;
	return WAKE_PATH_NONE;
}

enum wake_path parked_last_wake_path(void)
{
	return last_path;
}

unsigned sibling_set_mode(enum idle_mode mode, uint64_t timeout_us, struct stream *s)
{
	unsigned failed = 0;

	mode = idle_modes[mode].parks_as; /* a control arm parks its CPUs as its twin */
	last_path = WAKE_PATH_STORE;

	for (size_t i = 0; i < parked_count; i++) {
		struct parked_cpu *pc = &parked_cpus[i];
		struct ap_cpu *ap = &pc->ap;
		bool ok;
		enum wake_path got = WAKE_PATH_STORE;
		if (fault_report_cpu_faulted(ap->apic_id)) {
			ok = false; /* neither commanded, woken, stopped nor restarted */
			got = WAKE_PATH_FAULTED;
		} else if (!ap->running && mode == IDLE_OFF) {
			ok = true; /* already off */
		} else if (!ap->running) {
			/* Leaving off: the command waits in the mailbox for the restarted CPU. */
			uint32_t seq = mailbox_post(&pc->mailbox, mode, rdtsc());
			ok = smp_start(ap, AP_START_TIMEOUT_US) == SMP_OK && parked_wait_ack(pc, seq, timeout_us);
		} else {
			enum wake_path sent;
			uint32_t seq = parked_command(pc, mode, NULL, &sent);
			got = parked_wake_wait(pc, seq, sent, timeout_us);
			/* Re-INIT took the command: the CPU is alive for the next mode,
			 * but nothing woke it in this one, which counts as a failure. */
			ok = got <= WAKE_PATH_NMI;
			if (ok && mode == IDLE_OFF)
				ok = smp_stop(ap) == SMP_OK;
		}
		/* read after the acknowledgment, which follows the CPU's last round */
		uint64_t r = __atomic_load_n(&busy_work[i].rounds, __ATOMIC_RELAXED);
		uint64_t b = __atomic_load_n(&busy_work[i].bad_rounds, __ATOMIC_RELAXED);
		busy_rounds[i] = r - busy_mark[i];
		busy_bad[i] = b - busy_bad_mark[i];
		busy_mark[i] = r;
		busy_bad_mark[i] = b;
		if (got > last_path)
			last_path = got;
		if (!ok) {
			failed++;
			char what[32];
			fmt_snprintf(what, sizeof what, "mode %s", idle_modes[mode].name);
			wake_failure_error(s, ap, got, what);
		}
	}
	parked_mode = mode;
	return failed;
}

bool parked_aperfmperf(void)
{
	return park.aperfmperf;
}

size_t sibling_chosen_apic_ids(const uint32_t **ids)
{
	*ids = chosen;
	return chosen_count;
}

unsigned sibling_parked_count(void)
{
	return (unsigned)parked_count;
}

void sibling_busy_counts(struct sibling_observation *out)
{
	out->busy_rounds = 0;
	out->busy_bad = 0;
	for (size_t i = 0; i < parked_count; i++) {
		out->busy_rounds += busy_rounds[i];
		out->busy_bad += busy_bad[i];
	}
}

bool sibling_observe(struct sibling_observation *out, struct stream *s)
{
	uint64_t before = 0;

	out->cpus = 0;
	out->wakeups = 0;
	out->busy_rounds = 0;
	out->busy_bad = 0;
	out->c0_known = true;
	out->c0_permille = 0;
	if (!parked_count || parked_mode == IDLE_OFF) {
		out->c0_known = false;
		return true;
	}
	for (size_t i = 0; i < parked_count; i++)
		before += parked_cpus[i].mailbox.wakeups;
	if (sibling_set_mode(parked_mode, ACK_TIMEOUT_US, s))
		return false;
	uint64_t after = 0, c0 = 0;
	for (size_t i = 0; i < parked_count; i++) {
		const struct sibling_mailbox *m = &parked_cpus[i].mailbox;
		if (busy_bad[i]) {
			char msg[120];
			fmt_snprintf(msg, sizeof msg, "mode busy: %s computed a wrong checksum in %llu of %llu rounds",
				     LOAD_WORKLOAD, (unsigned long long)busy_bad[i], (unsigned long long)busy_rounds[i]);
			parked_error(s, "BUSY_CHECKSUM", parked_cpus[i].ap.apic_id, msg);
		}
		after += m->wakeups;
		if (m->c0_permille == MAILBOX_C0_UNKNOWN)
			out->c0_known = false;
		else
			c0 += m->c0_permille;
	}
	sibling_busy_counts(out);
	out->cpus = (unsigned)parked_count;
	/* The ping itself wakes each CPU once. */
	out->wakeups = after - before >= parked_count ? after - before - parked_count : 0;
	if (mperf_c0_not_c0(parked_mode, mperf_mwait))
		out->c0_known = false; /* MPERF counts in this mode's wait: no C0 share */
	out->c0_permille = out->c0_known ? (uint32_t)(c0 / parked_count) : 0;
	return true;
}

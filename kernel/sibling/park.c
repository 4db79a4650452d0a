/* Idle loops of a parked CPU. Each loop checks the mailbox with interrupts
 * off immediately before the idle instruction, so a command posted in
 * between is never slept through: HLT is entered through STI;HLT (the STI
 * shadow), MWAIT after MONITOR (a store after MONITOR makes MWAIT return at
 * once), and the C2 port read with IF=0 (the interrupt is a break event for
 * the C-state; it is taken after STI). Linux's acpi_idle enters the same way
 * (acpi_idle_do_entry -> io_idle() in drivers/acpi/processor_idle.c) and
 * then, on bare-metal Intel only, reads the PM timer once ("Dummy wait op -
 * must do something useless after P_LVL2 read because chipsets cannot
 * guarantee that STPCLK# signal gets asserted in time"): park does that read
 * where platform/acpi/acpi_c2.c says Linux would (pm_timer_port), not elsewhere.
 * MWAIT also runs with IF=0: when the platform's MONITOR misses the command
 * store, the measured CPU follows up with the wake IPI (a break event with
 * ECX=1) and then an NMI (always a break event; park_nmi lets it return),
 * and the loop takes the held IPI after STI like the port read. */
#include "kernel/arch/lapic.h"
#include "kernel/arch/msr.h"
#include "kernel/arch/nmi_credit.h"
#include "kernel/arch/stray_irq.h"
#include "kernel/arch/x86.h"
#include "core/sibling/idle_mode.h"
#include "kernel/sibling/mailbox.h"
#include "kernel/sibling/mperf_mwait.h"
#include "kernel/sibling/park.h"
#include "platform/sibling/residency.h"

#define MSR_MPERF 0xE7

static struct park_config config;

void park_configure(const struct park_config *cfg)
{
	config = *cfg;
}

static bool command_waiting(const struct sibling_mailbox *m, uint32_t seen)
{
	return __atomic_load_n(&m->cmd_seq, __ATOMIC_ACQUIRE) != seen;
}

/* TSC ticks of the busy loop MPERF is judged over (about 0.1-4 ms). */
#define MPERF_PROBE_TICKS 200000u

/* Decide the MWAIT ECX once: 1 (interrupt break) only where CPUID says IBE
 * and MWAIT with ECX=1 does not fault. No MONITOR is armed, so MWAIT does
 * not enter a sleep state at all (SDM Vol. 2B MWAIT: without a preceding
 * MONITOR execution resumes at the next instruction): the probe never waits
 * for a store, not even its own, to wake it. */
static uint32_t probe_mwait_ecx(void)
{
	if (!config.mwait_allowed || !config.try_mwait_ecx1)
		return 0;
	return mwait_safe(config.mwait_hint, 1) == 0 ? 1 : 0;
}

/* Is MPERF counting? Read it around a busy loop, which is all C0: a
 * counter that reads back the same value (0 under QEMU TCG and Bochs) or
 * runs far slower than the TSC gives no residency at all. */
static enum mperf_state probe_mperf(void)
{
	uint64_t m0 = 0, m1 = 0;

	if (!config.aperfmperf)
		return mperf_judge(false, false, 0, 0, 0, 0);
	uint64_t t0 = rdtsc();
	bool faulted = rdmsr_safe(MSR_MPERF, &m0) != 0;
	while (rdtsc() - t0 < MPERF_PROBE_TICKS)
		cpu_pause();
	faulted |= rdmsr_safe(MSR_MPERF, &m1) != 0;
	return mperf_judge(true, faulted, m0, m1, t0, rdtsc());
}

/* C0 residency in permille over [prev, now) from MPERF, which counts at the
 * TSC rate only in C0 (SDM Vol. 3B 14.2); unknown unless this CPU saw its
 * own MPERF counting (mperf: its probe_mperf() verdict; every parked CPU
 * runs park_main at once, so the verdict lives on its stack, not in a
 * shared variable the last CPU to probe would overwrite). */
static uint32_t c0_permille(enum mperf_state mperf, uint64_t *prev_mperf, uint64_t *prev_tsc, uint64_t now_tsc)
{
	uint64_t m;

	if (mperf != MPERF_COUNTING || rdmsr_safe(MSR_MPERF, &m))
		return MAILBOX_C0_UNKNOWN;
	uint32_t pm = *prev_tsc ? residency_c0_permille(mperf, m - *prev_mperf, now_tsc - *prev_tsc)
				: MAILBOX_C0_UNKNOWN;
	*prev_mperf = m;
	*prev_tsc = now_tsc;
	return pm;
}

/* selftest=sibling-dead: the APIC ID of the CPU playing dead now (+1; 0 =
 * none), and the last command sequence it played dead on, so that the same
 * command, taken again after INIT-SIPI-SIPI, is acknowledged. */
static volatile uint32_t dead_apic_plus1;
static volatile uint32_t dead_seq;
#define DEAD_COMMANDS 2

/* Ignore every wake but INIT: IF=0 holds the wake IPI, and the NMI that
 * breaks the HLT halts again in park_nmi without returning (NMIs stay
 * blocked until an IRET that never comes, SDM Vol. 3A 6.7.1). */
static __attribute__((noreturn)) void play_dead(void)
{
	__atomic_store_n(&dead_apic_plus1, lapic_id() + 1, __ATOMIC_SEQ_CST);
	for (;;) {
		cli();
		hlt();
	}
}

bool park_nmi(void)
{
	/* A wake NMI has done its job by ending MWAIT or HLT. The measured CPU
	 * never takes one: an NMI there is reported as a fault. */
	if (lapic_is_bsp())
		return false;
	if (!nmi_credit_take())
		stray_counts_add(stray_irq_counts(), lapic_id(), 0x02);
	if (__atomic_load_n(&dead_apic_plus1, __ATOMIC_SEQ_CST) == lapic_id() + 1)
		for (;;) {
			cli();
			hlt();
		}
	return true;
}

void park_main(struct ap_cpu *ap)
{
	struct sibling_mailbox *m = &parked_cpu_of(ap)->mailbox;
	uint32_t seen = __atomic_load_n(&m->ack_seq, __ATOMIC_ACQUIRE);
	uint32_t mode = IDLE_SPIN;
	uint64_t prev_mperf = 0, prev_tsc = 0;
	uint32_t ecx = probe_mwait_ecx();

	if (__atomic_load_n(&dead_apic_plus1, __ATOMIC_SEQ_CST) == lapic_id() + 1)
		__atomic_store_n(&dead_apic_plus1, 0, __ATOMIC_SEQ_CST); /* INIT-SIPI-SIPI revived it */
	enum mperf_state mperf = probe_mperf();
	/* HWCR is per thread: each CPU reads its own EffFreqCntMwait (mperf_mwait.h). */
	uint64_t hwcr;
	m->hwcr_state = hwcr_read(rdmsr_safe, config.amd_like, &hwcr);
	m->hwcr = hwcr;
	/* Its AMD extended LVTs masked as on the measured CPU (measured_cpu.c):
	 * firmware may route MCA thresholding, deferred errors or IBS there as
	 * SMI or NMI, which IF = 0 does not hold and which would wake an "idle"
	 * sibling (amd_eilvt.h). Saved first; written back before it leaves
	 * our code (the off command below, which sibling_release sends at the
	 * end). Read by the measured CPU after the first acknowledgment.
	 * INIT then re-initialises every local APIC register but the ID (Intel
	 * SDM Vol. 3A 10.12.5.1, "All the other APIC registers are initialized
	 * as a result of INIT"); whether AMD's extended LVTs (APIC 500h+) do the
	 * same is unverified (the APM's INIT text was not opened), so the
	 * write-back may be moot; it costs nothing where they survive. */
	if (config.amd_like)
		lapic_eilvt_mask_into(&parked_cpu_of(ap)->eilvt, true);
	else
		parked_cpu_of(ap)->eilvt = (struct eilvt_state){ .status = EILVT_ABSENT, .why = "not AMD or Hygon" };
	m->mperf_state = mperf;
	m->mwait_ecx = ecx;
	if (config.selftest_ud && ap->index == 0) {
		if (config.before_fault)
			config.before_fault();
		__asm__ volatile("ud2"); /* a fault on a parked CPU, on purpose */
	}
	c0_permille(mperf, &prev_mperf, &prev_tsc, rdtsc());
	for (;;) {
		struct mailbox_command cmd;
		cli();
		if (mailbox_take(m, seen, &cmd)) {
			/* selftest=sibling-dead: commands 1 and 2 (bring-up's, the
			 * first mode's) each need INIT-SIPI-SIPI, once. */
			if (config.selftest_dead && ap->index == 0 && cmd.seq <= DEAD_COMMANDS && cmd.seq > dead_seq) {
				dead_seq = cmd.seq;
				play_dead();
			}
			uint64_t now = rdtsc();
			if (cmd.mode == IDLE_OFF) /* INIT follows the acknowledgment: hand them back first */
				lapic_eilvt_put_back(&parked_cpu_of(ap)->eilvt);
			mailbox_ack(m, &cmd, now, c0_permille(mperf, &prev_mperf, &prev_tsc, now));
			seen = cmd.seq;
			mode = cmd.mode;
			if (mode == IDLE_OFF) {
				/* The measured CPU sends INIT next; be quiet until then. */
				for (;;)
					hlt();
			}
			continue;
		}
		switch (mode) {
		case IDLE_HLT:
			if (config.selftest_deaf)
				hlt(); /* selftest=sibling-deaf: IF stays 0, the wake IPI waits */
			else
				sti_hlt();
			break;
		case IDLE_MWAIT:
			cpu_monitor(&m->cmd_seq);
			if (!command_waiting(m, seen))
				cpu_mwait(config.mwait_hint, ecx);
			sti();
			cpu_pause(); /* a wake IPI that broke MWAIT (ECX=1) is taken here */
			break;
		case IDLE_IOPORT:
			(void)inb(config.c2_port);
			if (config.pm_timer_port)
				(void)inl(config.pm_timer_port);
			sti();
			cpu_pause(); /* one instruction with IF=1: the wake IPI is taken here */
			break;
		case IDLE_BUSY:
			/* The positive control: one checked round of the load
			 * workload (load.h), then the mailbox again; IF stays 0,
			 * so only the store reaches it (sibling.c waits a round). */
			if (parked_cpu_of(ap)->busy)
				load_round(parked_cpu_of(ap)->busy);
			else
				cpu_pause();
			continue; /* computing is not a wake-up */
		default:
			cpu_pause();
			continue; /* spinning is not a wake-up */
		}
		m->wakeups++;
	}
}

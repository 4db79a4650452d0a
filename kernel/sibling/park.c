/* Idle loops of a parked CPU. Each loop checks the mailbox with interrupts
 * off immediately before the idle instruction, so a command posted in
 * between is never slept through: HLT is entered through STI;HLT (the STI
 * shadow), MWAIT after MONITOR (a store after MONITOR makes MWAIT return at
 * once), and the C2 port read with IF=0 as Linux's acpi_idle does (the
 * interrupt is a break event for the C-state; it is taken after STI). */
#include "kernel/arch/msr.h"
#include "kernel/arch/x86.h"
#include "kernel/sibling/idle_mode.h"
#include "kernel/sibling/mailbox.h"
#include "kernel/selftest.h"
#include "kernel/sibling/park.h"

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

/* Decide the MWAIT ECX once: 1 (interrupt break) only where CPUID says IBE
 * and MWAIT with ECX=1 does not fault. */
static uint32_t probe_mwait_ecx(void)
{
	static volatile uint64_t probe_line __attribute__((aligned(64)));

	if (!config.mwait_allowed || !config.try_mwait_ecx1)
		return 0;
	cpu_monitor(&probe_line);
	probe_line = probe_line + 1; /* trigger the monitor: MWAIT must not sleep */
	return mwait_safe(config.mwait_hint, 1) == 0 ? 1 : 0;
}

/* C0 residency in permille over [prev, now) from MPERF, which counts at the
 * TSC rate only in C0 (SDM Vol. 3B 14.2). */
static uint32_t c0_permille(uint64_t *prev_mperf, uint64_t *prev_tsc, uint64_t now_tsc)
{
	uint64_t mperf;

	if (!config.aperfmperf || rdmsr_safe(MSR_MPERF, &mperf))
		return MAILBOX_C0_UNKNOWN;
	uint32_t pm = MAILBOX_C0_UNKNOWN;
	if (*prev_tsc && now_tsc > *prev_tsc) {
		uint64_t d = (mperf - *prev_mperf) * 1000 / (now_tsc - *prev_tsc);
		pm = d > 1000 ? 1000 : (uint32_t)d;
	}
	*prev_mperf = mperf;
	*prev_tsc = now_tsc;
	return pm;
}

void park_main(struct ap_cpu *ap)
{
	struct sibling_mailbox *m = &ap->mailbox;
	uint32_t seen = __atomic_load_n(&m->ack_seq, __ATOMIC_ACQUIRE);
	uint32_t mode = IDLE_SPIN;
	uint64_t prev_mperf = 0, prev_tsc = 0;
	uint32_t ecx = probe_mwait_ecx();

	m->mwait_ecx = ecx;
	if (config.selftest_ud && ap->index == 0) {
		if (config.selftest_ud_busy)
			selftest_wait_for_busy_lines();
		__asm__ volatile("ud2"); /* a fault on a parked CPU, on purpose */
	}
	c0_permille(&prev_mperf, &prev_tsc, rdtsc());
	for (;;) {
		struct mailbox_command cmd;
		cli();
		if (mailbox_take(m, seen, &cmd)) {
			uint64_t now = rdtsc();
			mailbox_ack(m, &cmd, now, c0_permille(&prev_mperf, &prev_tsc, now));
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
			sti_hlt();
			break;
		case IDLE_MWAIT:
			cpu_monitor(&m->cmd_seq);
			if (!command_waiting(m, seen))
				cpu_mwait(config.mwait_hint, ecx);
			break;
		case IDLE_IOPORT:
			(void)inb(config.c2_port);
			sti();
			cpu_pause(); /* one instruction with IF=1: the wake IPI is taken here */
			break;
		default:
			cpu_pause();
			continue; /* spinning is not a wake-up */
		}
		m->wakeups++;
	}
}

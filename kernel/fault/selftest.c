/* Deliberate faults. #PF uses a canonical address far above anything the
 * identity map covers; #GP uses a non-canonical address (Intel SDM Vol. 3A
 * 3.3.7.1: a non-canonical reference raises #GP, not #PF). */
#include <stdint.h>

#include "kernel/arch/exception.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/nmi_credit.h"
#include "kernel/arch/stray_irq.h"
#include "kernel/arch/x86.h"
#include "lib/mem.h"
#include "kernel/fault/selftest.h"
#include "kernel/smp/smp.h"
#include "core/stream/stream.h"
#include "kernel/time/delay.h"

static volatile int fault_in_report, nmi_in_report;

bool selftest_fault_inside_report(void)
{
	return __atomic_exchange_n(&fault_in_report, 0, __ATOMIC_SEQ_CST) != 0;
}

bool selftest_nmi_inside_report(void)
{
	if (!__atomic_exchange_n(&nmi_in_report, 0, __ATOMIC_SEQ_CST))
		return false;
	uint32_t before = exception_nmi_count();
	nmi_credit_expect();
	(void)lapic_send_nmi(lapic_id());
	uint64_t until = rdtsc() + time_us_to_tsc(100000);
	while (exception_nmi_count() == before && rdtsc() < until)
		cpu_pause();
	return exception_nmi_count() != before;
}

void selftest_raise(enum selftest which)
{
	if (which == SELFTEST_SIBLING_UD_NMI) {
		nmi_in_report = 1; /* armed here; the parked CPU's report sends it */
	} else if (which == SELFTEST_UD_IN_REPORT) {
		fault_in_report = 1;
		__asm__ volatile("ud2");
	} else if (which == SELFTEST_UD) {
		__asm__ volatile("ud2");
	} else if (which == SELFTEST_PF) {
		volatile uint64_t *p = (volatile uint64_t *)0x00007F0000000000ull;
		(void)*p;
	} else if (which == SELFTEST_GP) {
		volatile uint64_t *p = (volatile uint64_t *)0x8000000000000000ull;
		(void)*p;
	}
}

void selftest_raise_early(enum selftest which)
{
	if (which == SELFTEST_EARLY_UD)
		__asm__ volatile("ud2");
}

static volatile uint32_t busy_lines_written;

/* Halfway through its lines the boot CPU waits (at most about a second of
 * TSC ticks) until the parked CPU has written its fault report, so the report
 * always lands between two of its lines: under TCG the parked vCPU's thread
 * may otherwise not run until all 400 lines are out (seen 1 run in 4), and a
 * report only begun lost the stream to the boot CPU's next 200 lines. */
static void wait_for_fault_report(unsigned (*reports_done)(void))
{
	uint64_t until = rdtsc() + 3000000000ull;

	while (reports_done() == 0 && rdtsc() < until)
		cpu_pause();
}

void selftest_write_busy_lines(struct stream *s, unsigned (*reports_done)(void))
{
	for (unsigned i = 1; i <= SELFTEST_BUSY_LINES; i++) {
		stream_text(s, "selftest: boot CPU line %u of %u, written while a parked CPU faults", i,
			    SELFTEST_BUSY_LINES);
		__atomic_store_n(&busy_lines_written, i, __ATOMIC_RELEASE);
		if (i == SELFTEST_BUSY_LINES / 2)
			wait_for_fault_report(reports_done);
	}
}

void selftest_wait_for_busy_lines(void)
{
	uint64_t until = rdtsc() + 400000000ull;

	while (__atomic_load_n(&busy_lines_written, __ATOMIC_ACQUIRE) < SELFTEST_BUSY_LINES / 8 &&
	       rdtsc() < until)
		cpu_pause();
}

void selftest_send_stray(enum selftest which, struct stream *s)
{
	uint32_t id;
	uint64_t before, after;

	if (which != SELFTEST_STRAY_IPI && which != SELFTEST_STRAY_NMI)
		return;
	const char *name = which == SELFTEST_STRAY_NMI ? "stray-nmi" : "stray-ipi";
	if (!smp_started_apic_ids(&id, 1)) {
		stream_text(s, "selftest=%s: no CPU was started to send it to", name);
		return;
	}
	struct stray_counts *t = stray_irq_counts();
	before = stray_counts_total(t);
	/* the NMI with no nmi_credit_expect: as the platform would send one */
	enum lapic_status st = which == SELFTEST_STRAY_NMI ? lapic_send_nmi(id) : lapic_send_ipi(id, SELFTEST_STRAY_VECTOR);
	uint64_t until = rdtsc() + time_us_to_tsc(100000);
	do
		cpu_pause();
	while (stray_counts_total(t) == before && rdtsc() < until);
	after = stray_counts_total(t);
	stream_text(s, "selftest=%s: vector 0x%x sent to APIC %u (%s); strays counted %llu -> %llu", name,
		    which == SELFTEST_STRAY_NMI ? 0x02 : SELFTEST_STRAY_VECTOR, id, lapic_status_text(st), (unsigned long long)before, (unsigned long long)after);
}

#define LAPIC_ID_REGISTER 0x020

uint32_t selftest_skew_apic_id(enum selftest which)
{
	uint64_t base = lapic_get_base();

	if (which != SELFTEST_APIC_ID || lapic_x2apic())
		return 0;
	uint32_t saved = lapic_read_base(base, LAPIC_ID_REGISTER);
	lapic_write_base(base, LAPIC_ID_REGISTER, (((saved >> 24) + 0x40) & 0xFF) << 24);
	return saved;
}

void selftest_restore_apic_id(enum selftest which, uint32_t saved)
{
	if (which == SELFTEST_APIC_ID && !lapic_x2apic())
		lapic_write_base(lapic_get_base(), LAPIC_ID_REGISTER, saved);
}

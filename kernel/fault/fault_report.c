/* CPU exception reports: name, vector, error code, RIP, RSP, RFLAGS, CR2, the
 * CPU's APIC ID and every general register, as `#  ` lines, then an error
 * record, then the end record with status=error (kernel/fault/run_end.c; on a
 * parked CPU run_end halts it instead and the boot CPU ends the run). The
 * report is held together in the stream (its lock keeps the boot CPU's lines
 * out of it). A fault while the same CPU reports a fault gets one line and
 * the end record on the boot CPU, and stops a parked CPU; another CPU's
 * earlier report does not count. A CPU that began a report is marked faulted
 * for good: the boot CPU neither wakes nor restarts it (kernel/sibling/sibling.c),
 * so its mark never outlives the code it describes. */
#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/apic_id.h"
#include "kernel/arch/exception.h"
#include "kernel/arch/lapic.h"
#include "kernel/arch/trap_frame.h"
#include "kernel/arch/x86.h"
#include "kernel/console/console.h"
#include "kernel/fault/fault_report.h"
#include "lib/fmt.h"
#include "kernel/fault/run_end.h"
#include "kernel/fault/selftest.h"
#include "core/stream/stream.h"

/* APIC ID + 1 of each CPU that has begun a report (0 = free slot): a CPU
 * that faults reports once, then halts or ends the run. */
#define REPORTING_SLOTS 64
static volatile uint32_t reporting[REPORTING_SLOTS];
/* Slots claimed so far: one load tells a polling CPU whether to look. */
static volatile uint32_t reporting_count;

/* Claim a slot for this CPU; false when it already has one (a fault inside
 * its own report) or, impossibly, every slot is taken. */
static bool begin_report(uint32_t apic_id)
{
	uint32_t me = apic_id + 1;

	for (unsigned i = 0; i < REPORTING_SLOTS; i++)
		if (__atomic_load_n(&reporting[i], __ATOMIC_ACQUIRE) == me)
			return false;
	for (unsigned i = 0; i < REPORTING_SLOTS; i++) {
		uint32_t expected = 0;
		if (__atomic_compare_exchange_n(&reporting[i], &expected, me, false, __ATOMIC_SEQ_CST,
						__ATOMIC_RELAXED)) {
			__atomic_fetch_add(&reporting_count, 1, __ATOMIC_SEQ_CST);
			return true;
		}
	}
	return false;
}

/* Reports written to their end (error record out, stream released). */
static volatile uint32_t reports_done;

unsigned fault_report_done_count(void)
{
	return __atomic_load_n(&reports_done, __ATOMIC_ACQUIRE);
}

unsigned fault_report_count(void)
{
	return __atomic_load_n(&reporting_count, __ATOMIC_ACQUIRE);
}

bool fault_report_cpu_faulted(uint32_t apic_id)
{
	if (!fault_report_count())
		return false;
	for (unsigned i = 0; i < REPORTING_SLOTS; i++)
		if (__atomic_load_n(&reporting[i], __ATOMIC_ACQUIRE) == apic_id + 1)
			return true;
	return false;
}

/* The `#! error code=CPU_EXCEPTION` record (docs/stream-format.md). */
static void error_record(struct stream *s, const struct trap_frame *f, const char *msg)
{
	char quoted[112];

	stream_record(s, "error", "code=CPU_EXCEPTION msg=%s vector=%llu error_code=0x%llx rip=0x%llx rsp=0x%llx cr2=0x%llx apic_id=%u",
		      stream_quote(quoted, sizeof quoted, msg), (unsigned long long)f->vector,
		      (unsigned long long)f->error_code, (unsigned long long)f->rip,
		      (unsigned long long)f->rsp, (unsigned long long)read_cr2(), cpu_apic_id());
}

/* A fault while this CPU was already reporting one. */
static __attribute__((noreturn)) void report_nested_fault(const struct trap_frame *f)
{
	/* A parked CPU just stops (run_end drops its holds on the stream);
	 * the boot CPU ends the run. */
	if (!lapic_is_bsp())
		run_end(false);
	static int nested_once;
	if (__atomic_exchange_n(&nested_once, 1, __ATOMIC_SEQ_CST)) {
		/* The stream itself may be what faults: raw bytes, then stop. */
		static const char nested[] = "\nidlebench: fault while reporting a fault, twice\n";
		console_write(nested, sizeof nested - 1);
		run_end_halt_forever();
	}
	char msg[96];
	fmt_snprintf(msg, sizeof msg, "fault while reporting a fault: %s", exception_name(f->vector));
	error_record(&run_stream, f, msg);
	run_end(false);
}

static __attribute__((noreturn)) void fault_report(const struct trap_frame *f)
{
	if (!begin_report(cpu_apic_id()))
		report_nested_fault(f);
	const char *name = exception_name(f->vector);
	struct stream *s = &run_stream;
	stream_hold(s);
	if (!stream_has_begun(s))
		stream_begin(s, "unknown");
	stream_text(s, "CPU EXCEPTION %s (vector %llu) on APIC ID %u", name,
		    (unsigned long long)f->vector, cpu_apic_id());
	if (selftest_fault_inside_report())
		__asm__ volatile("ud2"); /* selftest=ud-in-report */
	if (selftest_nmi_inside_report()) /* selftest=sibling-ud-nmi */
		stream_text(s, "  selftest: an NMI to this CPU was taken inside this report");
	stream_text(s, "  error code 0x%llx  RIP %016llx  CS %04llx  RFLAGS %016llx",
		    (unsigned long long)f->error_code, (unsigned long long)f->rip,
		    (unsigned long long)f->cs, (unsigned long long)f->rflags);
	stream_text(s, "  RSP %016llx  SS %04llx  CR2 %016llx  CR3 %016llx",
		    (unsigned long long)f->rsp, (unsigned long long)f->ss,
		    (unsigned long long)read_cr2(), (unsigned long long)read_cr3());
	stream_text(s, "  RAX %016llx  RBX %016llx  RCX %016llx  RDX %016llx",
		    (unsigned long long)f->rax, (unsigned long long)f->rbx,
		    (unsigned long long)f->rcx, (unsigned long long)f->rdx);
	stream_text(s, "  RSI %016llx  RDI %016llx  RBP %016llx  R8  %016llx",
		    (unsigned long long)f->rsi, (unsigned long long)f->rdi,
		    (unsigned long long)f->rbp, (unsigned long long)f->r8);
	stream_text(s, "  R9  %016llx  R10 %016llx  R11 %016llx  R12 %016llx",
		    (unsigned long long)f->r9, (unsigned long long)f->r10,
		    (unsigned long long)f->r11, (unsigned long long)f->r12);
	stream_text(s, "  R13 %016llx  R14 %016llx  R15 %016llx",
		    (unsigned long long)f->r13, (unsigned long long)f->r14, (unsigned long long)f->r15);
	error_record(s, f, name);
	stream_release(s);
	__atomic_fetch_add(&reports_done, 1, __ATOMIC_RELEASE);
	run_end(false);
}

void fault_report_install(void)
{
	exception_set_handler(fault_report);
}

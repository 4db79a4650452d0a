/* `selftest=ud|pf|gp`: raise a CPU exception on purpose, so tests can prove
 * the fault report and the error end of the stream. The sibling-ud variants
 * fault on a parked CPU (kernel/sibling/park.c runs what kernel/sibling/sibling.c's
 * selftest_configure_park sets); for sibling-ud-busy the boot
 * CPU meanwhile writes the lines below, so a test sees whether the two
 * writers' lines stay whole and the CRC right. sibling-deaf and sibling-dead
 * make a parked CPU deaf to the mode's own wake, or to everything but INIT,
 * so the NMI and the INIT-SIPI-SIPI steps of the wake escalation run. */
#ifndef IDLEBENCH_KERNEL_FAULT_SELFTEST_H
#define IDLEBENCH_KERNEL_FAULT_SELFTEST_H

#include <stdbool.h>

/* The `selftest=` values, in the option's order "none|ud|pf|gp|ud-in-report|
 * sibling-ud|sibling-ud-busy|stray-ipi|apic-id|sibling-ud-nmi|sibling-deaf|sibling-dead". */
enum selftest {
	SELFTEST_NONE,
	SELFTEST_UD,
	SELFTEST_PF,
	SELFTEST_GP,
	SELFTEST_UD_IN_REPORT,    /* #UD, then another inside its report */
	SELFTEST_SIBLING_UD,      /* #UD on the first parked CPU */
	SELFTEST_SIBLING_UD_BUSY, /* the same while the boot CPU writes lines */
	SELFTEST_STRAY_IPI,       /* an unused vector sent to the first parked CPU */
	SELFTEST_APIC_ID,         /* the xAPIC ID register rewritten before its cross-check */
	SELFTEST_SIBLING_UD_NMI,  /* #UD on the first parked CPU, an NMI to itself inside its report */
	SELFTEST_SIBLING_DEAF,    /* parked CPUs halt in hlt mode with IF=0: only the NMI wakes them */
	SELFTEST_SIBLING_DEAD,    /* the first parked CPU ignores its first two commands and the NMI */
	SELFTEST_STRAY_NMI,       /* an NMI nothing expects sent to the first parked CPU */
	SELFTEST_EARLY_UD,        /* #UD before the ACPI tables are read (only the early consoles run) */
};

/* Raise the exception on this CPU; returns only for SELFTEST_NONE and the
 * sibling variants (kernel/sibling/park.c raises those). */
void selftest_raise(enum selftest which);
/* selftest=early-ud: #UD right before the ACPI tables are read (no-op
 * otherwise), where only the consoles needing no ACPI run. */
void selftest_raise_early(enum selftest which);
/* True once, for selftest=ud-in-report: the fault report asks after its
 * first line whether to fault again (exercises the nested-fault ending). */
bool selftest_fault_inside_report(void);
/* selftest=sibling-ud-nmi, called by the fault report after its first line
 * (false otherwise, and after the first time): send this CPU an NMI and wait
 * up to 100 ms for it to be taken, as the wake escalation's NMI can reach a
 * parked CPU whose report is being written; true once it was. The rest of
 * the report must come out unchanged. */
bool selftest_nmi_inside_report(void);

struct stream;
/* The vector selftest=stray-ipi sends: one nothing in idlebench uses. */
#define SELFTEST_STRAY_VECTOR 0x41
/* selftest=stray-ipi (no-op otherwise): send SELFTEST_STRAY_VECTOR to the
 * first CPU started, as firmware might leave an interrupt aimed at it, and
 * wait up to 100 ms for its stray handler to count it. The `#! stray`
 * record that follows shows the count; the run must go on. selftest=stray-nmi
 * the same with an NMI no wake expects (counted as vector 0x02). */
void selftest_send_stray(enum selftest which, struct stream *s);
/* selftest=apic-id (no-op otherwise, and in x2APIC mode, whose ID register
 * is read-only): set this CPU's xAPIC ID register to CPUID's ID + 0x40 (mod
 * 256), as firmware may have; returns the old register value. */
uint32_t selftest_skew_apic_id(enum selftest which);
/* ...and put saved back after the cross-check. */
void selftest_restore_apic_id(enum selftest which, uint32_t saved);
/* sibling-ud-busy: the boot CPU writes SELFTEST_BUSY_LINES numbered `#  `
 * lines (the boot CPU's side), waiting halfway (bounded) until reports_done()
 * counts the parked CPU's finished report... */
#define SELFTEST_BUSY_LINES 400
void selftest_write_busy_lines(struct stream *s, unsigned (*reports_done)(void));

/* On the parked CPU, before its sibling-ud-busy fault: wait until an eighth
 * of the boot CPU's lines are out, or 100 ms of TSC at 4 GHz if they never come. */
void selftest_wait_for_busy_lines(void);

#endif

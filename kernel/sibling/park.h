/* What a parked CPU runs: take commands from its mailbox and idle in the
 * commanded mode between them. */
#ifndef IDLEBENCH_KERNEL_SIBLING_PARK_H
#define IDLEBENCH_KERNEL_SIBLING_PARK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/arch/amd_eilvt.h"
#include "kernel/sibling/load.h"
#include "kernel/sibling/mailbox.h"
#include "kernel/smp/smp.h"

/* A CPU that runs park_main (the parked CPUs; kernel/sibling/others.c's held
 * siblings and others): the AP and the mailbox it is commanded through. */
struct parked_cpu {
	struct sibling_mailbox mailbox; /* first: 64-byte aligned, its two lines its own */
	struct ap_cpu ap;               /* ap.main gets &ap */
	struct load_work *busy;         /* mode busy's rounds (sibling.c; NULL: it cannot run busy) */
	struct eilvt_state eilvt;       /* its AMD extended LVTs as found, masked while it runs park_main */
} __attribute__((aligned(64)));

/* The parked_cpu holding ap (an AP smp_start ran with park_main, or with a
 * main that ends in it). */
static inline struct parked_cpu *parked_cpu_of(struct ap_cpu *ap)
{
	return (struct parked_cpu *)((char *)ap - offsetof(struct parked_cpu, ap));
}

/* Settings every parked CPU shares; set before any is started. */
struct park_config {
	uint16_t c2_port;      /* I/O port for ioport mode (0 = none) */
	uint16_t pm_timer_port; /* read after the C2 port read (0 = none): Linux's io_idle() on bare-metal Intel */
	uint32_t mwait_hint;   /* EAX for MWAIT (0x00 = C1) */
	bool mwait_allowed;    /* MONITOR/MWAIT usable */
	bool try_mwait_ecx1;   /* CPUID.05H:ECX.IBE: try interrupt-break ECX=1 */
	bool aperfmperf;       /* CPUID.06H:ECX[0]: C0 residency from MPERF */
	bool amd_like;         /* AMD or Hygon: each CPU reads its HWCR (HWCR[26], mperf_mwait.h) */
	bool selftest_ud;      /* selftest=sibling-ud*: the first parked CPU runs UD2 on start, */
	void (*before_fault)(void); /* ... once this returns (NULL: at once); selftest_configure_park in kernel/sibling/sibling.c sets both */
	bool selftest_deaf;    /* sibling-deaf: hlt mode halts with IF=0 (only an NMI wakes it) */
	bool selftest_dead;    /* sibling-dead: the first parked CPU ignores its first two commands */
};

/* Install the shared settings. */
void park_configure(const struct park_config *cfg);
/* NMI filter (exception_set_nmi_handler): true on a parked CPU, so it just
 * returns (selftest=sibling-dead: a CPU playing dead halts in it for good).
 * An NMI beyond those expected (nmi_credit_expect) came from the platform (a
 * BMC watchdog, a bus error, another agent): it is counted as a stray with
 * vector 0x02 for the `#! stray` record, not swallowed unseen. */
bool park_nmi(void);
/* AP main loop (struct ap_cpu.main) of a struct parked_cpu's ap: never
 * returns; INIT ends it. */
void park_main(struct ap_cpu *ap);

#endif

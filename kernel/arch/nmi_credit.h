/* NMIs sent on purpose and not yet taken, so the NMI handler can tell them
 * from the platform's (a BMC watchdog, a bus error, another agent), which
 * are counted as strays with vector 0x02 (stray_irq.h). Totals, not per
 * CPU: a platform NMI on one CPU may use up the credit of a wake NMI still
 * in flight to another, but once all are taken the stray count is right. */
#ifndef IDLEBENCH_KERNEL_ARCH_NMI_CREDIT_H
#define IDLEBENCH_KERNEL_ARCH_NMI_CREDIT_H

#include <stdbool.h>

/* Sender, just before it sends an NMI on purpose (the wake escalation's,
 * kernel/sibling/sibling.c, or a self-test's): one NMI more is expected. */
void nmi_credit_expect(void);
/* Before INIT-SIPI-SIPI restarts a CPU: every NMI expected so far is taken
 * or lost (a pending NMI dies with INIT). */
void nmi_credit_forget(void);
/* Receiver: take one credit; false when there is none (the NMI was not ours). */
bool nmi_credit_take(void);

#endif

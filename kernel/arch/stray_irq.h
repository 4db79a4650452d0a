/* Stray interrupts: every vector from 0x20 to 0xFE that idlebench does not
 * send itself gets a handler, so an interrupt the firmware left aimed at a
 * CPU we run (an IOAPIC or MSI route, a lowest-priority target) is counted
 * instead of raising #NP on a not-present gate and ending the run. */
#ifndef IDLEBENCH_KERNEL_ARCH_STRAY_IRQ_H
#define IDLEBENCH_KERNEL_ARCH_STRAY_IRQ_H

#include <stdint.h>

#include "kernel/arch/stray_count.h"

/* The first and last vector the stray handler covers (0x00-0x1F are
 * exceptions; 0xFF is the spurious vector, SDM Vol. 3A 10.9). */
#define STRAY_IRQ_FIRST 0x20
#define STRAY_IRQ_LAST  0xFE

/* Entry stubs, one per vector from STRAY_IRQ_FIRST to STRAY_IRQ_LAST
 * (kernel/arch/irq_stubs.asm); cpu_tables.c installs them, then the vectors
 * in use over them. */
extern const uint64_t stray_irq_stub_table[STRAY_IRQ_LAST - STRAY_IRQ_FIRST + 1];

/* Called by the stubs: EOI when the APIC has vector in service (a stray
 * that did not come through the APIC, e.g. a software INT, needs none, and
 * an EOI without one would retire another interrupt), then count it for
 * this CPU. */
void stray_irq_dispatch(uint64_t vector);
/* The run's counts (read by the `#! stray` records). */
struct stray_counts *stray_irq_counts(void);

#endif

/* Quiet the measured CPU: its local APIC in the mode the run needs, every
 * LVT entry and both 8259s masked (nanoBench's method), so that, with IF = 0
 * from boot on, nothing interrupts a sample. Runs once, before the CPUs to
 * park are started (their wake IPIs need the APIC). */
#ifndef IDLEBENCH_KERNEL_EXPERIMENT_MEASURED_CPU_H
#define IDLEBENCH_KERNEL_EXPERIMENT_MEASURED_CPU_H

#include <stdbool.h>

#include "kernel/arch/lapic.h"
#include "kernel/platform/platform.h"
#include "core/stream/stream.h"

/* Choose xAPIC or x2APIC per x2apic (the MADT's highest APIC ID decides
 * auto), enable it, mask every interrupt source, and record the mode (meta
 * x2apic). False when the APIC cannot be set up (reported as an error). */
bool measured_cpu_quiet(const struct platform *p, enum lapic_request x2apic, struct stream *s);

#endif

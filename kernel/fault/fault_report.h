/* The fault report: what a CPU exception leaves in the stream before the run
 * ends with status=error (docs/stream-format.md, `code=CPU_EXCEPTION`). */
#ifndef IDLEBENCH_KERNEL_FAULT_FAULT_REPORT_H
#define IDLEBENCH_KERNEL_FAULT_FAULT_REPORT_H

#include <stdbool.h>
#include <stdint.h>

/* Make the fault report the CPU exception handler (kernel/arch/exception.h);
 * kernel_run calls it just before it loads our IDT (cpu_tables_load). */
void fault_report_install(void);
/* How many CPUs have begun a fault report (one load: cheap to poll). */
unsigned fault_report_count(void);
/* How many CPUs have written their fault report to its end. */
unsigned fault_report_done_count(void);
/* True once the CPU with this APIC ID has begun a fault report: it is halted
 * (or about to be) and must be neither woken nor restarted. */
bool fault_report_cpu_faulted(uint32_t apic_id);

#endif

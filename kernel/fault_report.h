/* The fault report: what a CPU exception leaves in the stream before the run
 * ends with status=error (results/README.md, `code=CPU_EXCEPTION`). */
#ifndef IDLEBENCH_KERNEL_FAULT_REPORT_H
#define IDLEBENCH_KERNEL_FAULT_REPORT_H

/* Make the fault report the CPU exception handler (kernel/arch/exception.h);
 * kernel_run calls it just before it loads our IDT (cpu_tables_load). */
void fault_report_install(void);

#endif

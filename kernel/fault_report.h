/* The fault report: what a CPU exception leaves in the stream before the run
 * ends with status=error (results/README.md, `code=CPU_EXCEPTION`). */
#ifndef IDLEBENCH_KERNEL_FAULT_REPORT_H
#define IDLEBENCH_KERNEL_FAULT_REPORT_H

/* Make the fault report the CPU exception handler (kernel/arch/exception.h);
 * each front end calls it before kernel_run loads our IDT. */
void fault_report_install(void);

#endif

/* The run sequence shared by every boot front end. */
#ifndef IDLEBENCH_KERNEL_KERNEL_RUN_H
#define IDLEBENCH_KERNEL_KERNEL_RUN_H

#include "kernel/boot/boot_info.h"

/* Run idlebench on the boot CPU from what the front end gathered (copied);
 * boot_error, when not NULL, says why the boot information is unusable and
 * ends the run with an error record. Ends through run_end(). */
__attribute__((noreturn)) void kernel_run(const struct boot_info *bi, const char *boot_error);

#endif

/* Fault-tolerant MSR access for registers that may not exist (model-specific
 * ones, or anything under a hypervisor). Under QEMU TCG an unknown MSR reads 0
 * without faulting: decide existence by CPUID, not by a successful read. */
#ifndef IDLEBENCH_KERNEL_ARCH_MSR_H
#define IDLEBENCH_KERNEL_ARCH_MSR_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/trap_frame.h"

/* Read an MSR: 0 on success, -1 if RDMSR raised #GP (then *value = 0). */
int rdmsr_safe(uint32_t msr, uint64_t *value);
/* Write an MSR: 0 on success, -1 if WRMSR raised #GP. */
int wrmsr_safe(uint32_t msr, uint64_t value);
/* MWAIT(hint, ecx) that returns -1 instead of faulting when ECX is refused. */
int mwait_safe(uint32_t hint, uint32_t ecx);
/* Called by the #GP handler: if the fault is one of the safe accessors',
 * redirect the frame to its fixup and return true. */
bool msr_fixup_fault(struct trap_frame *frame);

#endif

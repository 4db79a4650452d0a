/* CPU exceptions 0-31: the stubs (exception_stubs.asm) save a trap_frame and
 * call exception_dispatch, which lets the safe MSR accessors recover and
 * hands every other exception to the one handler the kernel installed (the
 * fault report, kernel/fault/fault_report.c). */
#ifndef IDLEBENCH_KERNEL_ARCH_EXCEPTION_H
#define IDLEBENCH_KERNEL_ARCH_EXCEPTION_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/arch/trap_frame.h"

/* Receives an exception no fixup applies to; never returns to the stub. */
typedef __attribute__((noreturn)) void (*exception_handler_fn)(const struct trap_frame *f);
/* Install the handler for every CPU; call before the first IDT load. */
void exception_set_handler(exception_handler_fn fn);
/* Receives an NMI first: returns true when it was expected (the stub then
 * resumes the interrupted code), false to report it as a fault. */
typedef bool (*exception_nmi_fn)(void);
/* Install the NMI filter for every CPU (the wake NMI of a parked CPU). */
void exception_set_nmi_handler(exception_nmi_fn fn);
/* NMIs taken so far, on all CPUs (a self-test waits for one by it). */
uint32_t exception_nmi_count(void);
/* The vector's name (Intel SDM Vol. 3A table 6-1), "unknown" past 31. */
const char *exception_name(uint64_t vector);
/* Called by the stubs with the frame they built; returns only when a fixup
 * applies (the stub then resumes the interrupted code). */
void exception_dispatch(struct trap_frame *f);

#endif

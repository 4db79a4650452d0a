/* How a run ends: the stream's end record, then the `exit=` action. The one
 * path every ending takes (normal end, bad command line, CPU fault). */
#ifndef IDLEBENCH_KERNEL_FAULT_RUN_END_H
#define IDLEBENCH_KERNEL_FAULT_RUN_END_H

#include <stdbool.h>

#include "core/stream/stream.h"

/* What to do once the stream has ended (the `exit=` option, values in this
 * order: "auto|qemu|halt|reboot"). */
enum exit_action {
	EXIT_AUTO,   /* QEMU port under QEMU, else halt */
	EXIT_QEMU,   /* write to the isa-debug-exit port 0xf4 */
	EXIT_HALT,   /* print "safe to power off" and halt */
	EXIT_REBOOT, /* reset the machine */
};

/* The run's stream (written to every console), defined in run_end.c: begun
 * by kernel_run, written by the run and the fault report, ended only by
 * run_end(). */
extern struct stream run_stream;

/* Choose the exit action; under_qemu comes from the CPUID hypervisor signature. */
void run_end_configure(enum exit_action action, bool under_qemu);
/* A front end that must act after the end record (the UEFI application
 * saves the stream and hands the machine back to the firmware) installs a
 * handler; run_end then calls it instead of carrying out the exit action. */
typedef __attribute__((noreturn)) void (*run_end_handler_fn)(bool ok);
void run_end_set_handler(run_end_handler_fn fn);
/* The exit action in force, with auto resolved (EXIT_QEMU or EXIT_HALT). */
enum exit_action run_end_action(void);
/* Write ok/error to QEMU's isa-debug-exit port (QEMU then exits 33/35). */
void run_end_qemu_exit(bool ok);
/* "safe to power off" line: printed after the stream when the run halts. */
void run_end_say_safe(void);
/* Stop this CPU for good (IF = 0, HLT loop). */
__attribute__((noreturn)) void run_end_halt_forever(void);
/* Reset the machine (0xCF9, then the 8042); halts if both fail. */
__attribute__((noreturn)) void run_end_reboot(void);
/* End the stream with status ok/error and carry out the exit action. */
__attribute__((noreturn)) void run_end(bool ok);

#endif

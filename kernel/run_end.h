/* How a run ends: the stream's end record, then the `exit=` action. The one
 * path every ending takes (normal end, bad command line, CPU fault). */
#ifndef IDLEBENCH_KERNEL_RUN_END_H
#define IDLEBENCH_KERNEL_RUN_END_H

#include <stdbool.h>

#include "kernel/stream/stream.h"

/* What to do once the stream has ended (the `exit=` option). */
enum exit_action {
	EXIT_AUTO,   /* QEMU port under QEMU, else halt */
	EXIT_QEMU,   /* write to the isa-debug-exit port 0xf4 */
	EXIT_HALT,   /* print "safe to power off" and halt */
	EXIT_REBOOT, /* reset the machine */
};

/* The run's stream (written to every console). */
extern struct stream run_stream;

/* Choose the exit action; under_qemu comes from the CPUID hypervisor signature. */
void run_end_configure(enum exit_action action, bool under_qemu);
/* Parse an exit= value ("auto", "qemu", "halt", "reboot"). */
enum exit_action exit_action_from_name(const char *name);
/* End the stream with status ok/error and carry out the exit action. */
__attribute__((noreturn)) void run_end(bool ok);

#endif

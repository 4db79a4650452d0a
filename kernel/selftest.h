/* `selftest=ud|pf|gp`: raise a CPU exception on purpose, so tests can prove
 * the fault report and the error end of the stream. The sibling-ud variants
 * fault on a parked CPU (kernel/sibling/park.c); for sibling-ud-busy the boot
 * CPU meanwhile writes the lines below, so a test sees whether the two
 * writers' lines stay whole and the CRC right. */
#ifndef IDLEBENCH_KERNEL_SELFTEST_H
#define IDLEBENCH_KERNEL_SELFTEST_H

/* Raise the named exception ("ud", "pf", "gp"); returns only for "none". */
void selftest_raise(const char *which);

struct stream;
/* sibling-ud-busy: the boot CPU writes SELFTEST_BUSY_LINES numbered `#  `
 * lines (the boot CPU's side)... */
#define SELFTEST_BUSY_LINES 400
void selftest_write_busy_lines(struct stream *s);
/* ...and the parked CPU faults once an eighth of them are out, or after
 * 100 ms of TSC at 4 GHz if they never come (the parked CPU's side). */
void selftest_wait_for_busy_lines(void);

#endif

/* `selftest=ud|pf|gp`: raise a CPU exception on purpose, so tests can prove
 * the fault report and the error end of the stream. */
#ifndef IDLEBENCH_KERNEL_SELFTEST_H
#define IDLEBENCH_KERNEL_SELFTEST_H

/* Raise the named exception ("ud", "pf", "gp"); returns only for "none". */
void selftest_raise(const char *which);

#endif

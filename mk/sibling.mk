# Sibling control (kernel/sibling/): the idle-mode table and the `modes=`
# parser, and the mailbox protocol (state machine, cache-line layout, and a
# two-thread run of the measured/parked protocol).
UNIT_TESTS += test_idle_mode test_mailbox test_cpu_roles test_residency
test_idle_mode_SRCS := tests/unit/sibling/test_idle_mode.c
test_mailbox_SRCS := tests/unit/sibling/test_mailbox.c kernel/sibling/mailbox.c
# The two-thread case uses pthreads (see test_owner_lock_LDLIBS, mk/lib.mk).
test_mailbox_LDLIBS := -pthread
# Which CPUs are measured, parked, held in HLT (the own sibling under
# placement=other-core) and which are the `others=`.
test_cpu_roles_SRCS := tests/unit/sibling/test_cpu_roles.c kernel/sibling/cpu_roles.c
# Whether MPERF is trusted (counting at the TSC rate while busy) and whether a
# mode's dwell was idle (wake-ups, C0 share).
test_residency_SRCS := tests/unit/sibling/test_residency.c platform/sibling/residency.c
# HWCR[26] EffFreqCntMwait on each parked CPU (fake MSR map): MPERF in MWAIT,
# the amd_mperf_in_mwait meta, and a mode's C0 share and idle verdict.
UNIT_TESTS += test_mperf_mwait
test_mperf_mwait_SRCS := tests/unit/sibling/test_mperf_mwait.c kernel/sibling/mperf_mwait.c platform/sibling/residency.c

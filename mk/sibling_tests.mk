# Host unit tests for sibling control (issue 4): the idle-mode table and the
# `modes=` parser, and the mailbox protocol (state machine, cache-line layout,
# and a two-thread run of the measured/parked protocol).
UNIT_TESTS += test_idle_mode test_mailbox
test_idle_mode_SRCS := tests/unit/sibling/test_idle_mode.c kernel/sibling/idle_mode.c kernel/lib/fmt.c
test_mailbox_SRCS := tests/unit/sibling/test_mailbox.c kernel/sibling/mailbox.c kernel/sibling/idle_mode.c \
	kernel/lib/fmt.c
# The two-thread case uses pthreads. glibc >= 2.34 (Debian 12 has 2.36) keeps
# them in libc, so this only matters for older C libraries; -pthread is the
# portable spelling for compiling and linking a threaded program.
$(BUILD)/host/tests/test_mailbox: HOST_CFLAGS += -pthread

# `idlebench linux`: the experiment on a running Linux system (tools/linux/cmd_linux.c),
# its host-testable pieces (tools/linux_*.c) and their tests against fake
# sysfs trees (tests/fixtures/sysfs/). The plan, order, statistics and stream
# are the kernel's own objects.
LINUX_PIECES := tools/linux/linux_sysfs.c tools/linux/linux_topology.c tools/linux/linux_cpuidle.c \
                tools/linux/linux_restore.c tools/linux/linux_proof.c tools/linux/linux_hold.c

UNIT_TESTS += test_linux_cpuidle
test_linux_cpuidle_SRCS := tests/unit/tools/test_linux_cpuidle.c $(LINUX_PIECES)
UNIT_TESTS += test_linux_hold
test_linux_hold_SRCS := tests/unit/tools/test_linux_hold.c $(LINUX_PIECES)
# The kernel's RT limit: its sysctls read, the measured thread's pause, when SCHED_FIFO is kept.
UNIT_TESTS += test_linux_rt
test_linux_rt_SRCS := tests/unit/tools/test_linux_rt.c tools/linux/linux_rt.c
UNIT_TESTS += test_linux_busy
test_linux_busy_SRCS := tests/unit/tools/test_linux_busy.c tools/linux/linux_busy.c
test_linux_busy_LDLIBS := -pthread
# `-- COMMAND`: the argv after "--" (linux_options.c), the metric parser, the
# CPU-time guard, the 3-in-a-row stop and a real command killed at its timeout.
UNIT_TESTS += test_linux_command
test_linux_command_SRCS = tests/unit/tools/test_linux_command.c tools/linux/linux_command.c \
                          tools/linux/linux_command_sample.c tools/linux/linux_options.c tests/unit/support/stream_text.c \
                          $(CLI_SRCS)

# Linux mode without root or a cpuidle driver here: Debian's kernel under QEMU
# with the test _CST, `idlebench linux $(LINUX_ARGS)` inside, the stream
# printed and saved under RESULTS_DIR (scripts/linux-guest.sh).
LINUX_ARGS ?= --placement=other-core --modes=poll,hlt,ioport --reps=5 --warmup=1 -- busybox sha256sum /data/in.bin
.PHONY: linux-guest
# $(value …): the user's words as typed. make would expand `$` in them (a
# --metric regex's `$` anchor, a `sh -c` command's variables) and drop it;
# a variable of another name, as LINUX_ARGS given on the command line would
# override any assignment to its own.
linux-guest: export IDLEBENCH_LINUX_ARGS = $(value LINUX_ARGS)
linux-guest: host
	@LINUX_ARGS="$$IDLEBENCH_LINUX_ARGS" scripts/linux-guest.sh "$(BUILD)" "$(RESULTS_DIR)"

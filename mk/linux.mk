# `idlebench linux`: the experiment on a running Linux system (tools/cmd_linux.c),
# its host-testable pieces (tools/linux_*.c) and their tests against fake
# sysfs trees (tests/fixtures/sysfs/). The plan, order, statistics and stream
# are the kernel's own objects.
LINUX_PIECES := tools/linux_sysfs.c tools/linux_topology.c tools/linux_cpuidle.c tools/linux_restore.c \
                tools/linux_proof.c tools/linux_hold.c kernel/sibling/idle_mode.c kernel/sibling/placement.c kernel/lib/fmt.c
LINUX_SRCS := tools/cmd_linux.c tools/linux_options.c tools/linux_run.c tools/linux_perf.c tools/linux_wake.c \
              tools/linux_msr.c tools/linux_machine.c $(LINUX_PIECES) \
              kernel/options.c kernel/lib/parse.c kernel/lib/safe_name.c kernel/option_table.c kernel/console/console_option.c \
              kernel/experiment/plan.c kernel/experiment/harness.c kernel/experiment/summary.c kernel/lib/hash64.c kernel/platform/machine_id.c \
              kernel/stream/stream.c kernel/stream/sample_row.c kernel/lib/crc32.c \
              kernel/arch/cpuid_native.c kernel/cpu/cpu_identity.c tools/host_llc.c kernel/cpu/cache_info.c \
              kernel/cpu/cpu_features.c tools/result_file.c kernel/lib/result_name.c tools/stream_reader.c \
              $(BENCH_HOST_OBJS)
HOST_CLI_SRCS += $(LINUX_SRCS)

UNIT_TESTS += test_linux_cpuidle
test_linux_cpuidle_SRCS := tests/unit/tools/test_linux_cpuidle.c $(LINUX_PIECES)
UNIT_TESTS += test_linux_hold
test_linux_hold_SRCS := tests/unit/tools/test_linux_hold.c $(LINUX_PIECES)

# The command line: the generic parser (kernel/options.c), the kernel's
# option table and the typed run configuration it resolves to.
# The parser, the table and what its validators and the run configuration
# need (option_table.c also prints through the stream).
OPTIONS_SRCS = kernel/options.c kernel/lib/parse.c kernel/lib/safe_name.c kernel/option_table.c kernel/run_config.c \
               kernel/console/console_option.c kernel/sibling/idle_mode.c kernel/sibling/placement.c kernel/sibling/cpu_roles.c \
               kernel/experiment/plan.c kernel/lib/hash64.c kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c $(BENCH_HOST_OBJS)
UNIT_TESTS += test_options test_run_config test_console_option test_plan_order
test_options_SRCS := tests/unit/options/test_options.c $(OPTIONS_SRCS)
test_run_config_SRCS := tests/unit/options/test_run_config.c $(OPTIONS_SRCS)
# The sample order (Williams balance, the seed) and plan_id.
test_plan_order_SRCS := tests/unit/options/test_plan_order.c $(OPTIONS_SRCS)
test_console_option_SRCS := tests/unit/options/test_console_option.c kernel/console/console_option.c kernel/lib/parse.c

FUZZERS += fuzz_cmdline
fuzz_cmdline_SRCS := tests/fuzz/fuzz_cmdline.c $(OPTIONS_SRCS)
fuzz_cmdline_CORPUS := tests/fuzz/corpus/cmdline

# The command line: the generic parser (core/options/options.c), the kernel's
# option table and the typed run configuration it resolves to.
# The parser and the table are core/options/ (in $(CORE_HOST_A)); the run
# configuration is the kernel's, with the CPU roles it resolves.
RUN_CONFIG_SRCS := kernel/run_config.c kernel/sibling/cpu_roles.c
UNIT_TESTS += test_options test_run_config test_console_option test_plan_order
test_options_SRCS := tests/unit/options/test_options.c $(RUN_CONFIG_SRCS)
test_run_config_SRCS := tests/unit/options/test_run_config.c $(RUN_CONFIG_SRCS)
# The sample order (Williams balance, the seed) and plan_id.
test_plan_order_SRCS := tests/unit/options/test_plan_order.c $(RUN_CONFIG_SRCS)
test_console_option_SRCS := tests/unit/options/test_console_option.c

FUZZERS += fuzz_cmdline
fuzz_cmdline_SRCS := tests/fuzz/fuzz_cmdline.c $(RUN_CONFIG_SRCS)
fuzz_cmdline_CORPUS := tests/fuzz/corpus/cmdline

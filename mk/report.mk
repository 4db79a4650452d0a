# `idlebench report`: verified result files → pooled per-machine
# table, class geomeans beside the seed's figures, gnuplot PNG chart.
# Statistics come from bench/stats.c built with BENCH_CFLAGS (mk/bench.mk), the
# same objects the kernel's summary code is compiled from.
REPORT_SRCS := tools/cmd_report.c tools/report_pool.c tools/report_summary.c tools/report_table.c \
               tools/report_png.c kernel/sibling/idle_mode.c kernel/lib/fmt.c

HOST_CLI_SRCS += $(REPORT_SRCS)

UNIT_TESTS += test_report test_report_summary
test_report_SRCS = tests/unit/tools/test_report.c $(REPORT_SRCS) $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS) \
                    $(TOOLS_TEST_HELPER)
# The report against the kernel's own summary records of a real QEMU run.
test_report_summary_SRCS = tests/unit/tools/test_report_summary.c tools/report_pool.c tools/report_summary.c \
                            kernel/sibling/idle_mode.c kernel/lib/fmt.c $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS)

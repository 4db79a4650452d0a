# `idlebench report`: verified result files (one per boot) → comparable sets
# by plan_id and machine_id, each boot analysed by bench/analysis.c, boots
# combined, controls, planning, carry-over; gnuplot PNG. Statistics come from
# the bench/ objects built with BENCH_CFLAGS (mk/bench.mk), the same code the
# kernel's summary is compiled from.
REPORT_SRCS := tools/cmd_report.c tools/report_pool.c tools/report_summary.c tools/report_table.c \
               tools/report_png.c tools/report_records.c tools/report_html.c tools/report_html_charts.c \
               tools/report_html_escape.c tools/report_format.c kernel/sibling/idle_mode.c kernel/lib/fmt.c $(CLI_SRCS)
# `idlebench compare`: two groups pooled as report pools a set, their difference.
COMPARE_SRCS := tools/cmd_compare.c tools/report_format.c $(CLI_SRCS)

HOST_CLI_SRCS += $(REPORT_SRCS) $(COMPARE_SRCS)

UNIT_TESTS += test_report test_report_summary test_analysis test_report_html
test_report_SRCS = tests/unit/tools/test_report.c $(REPORT_SRCS) $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS) \
                    $(TOOLS_TEST_HELPER)
# The report's per-boot and across-boot figures against an independent
# computation (scipy) of the same fixtures.
test_report_summary_SRCS = tests/unit/tools/test_report_summary.c tools/report_pool.c tools/report_summary.c \
                            kernel/sibling/idle_mode.c kernel/lib/fmt.c $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS)
# bench/analysis.c on hand-computed boots: cells, Holm family, control verdicts, primary half-width.
test_analysis_SRCS = tests/unit/bench/test_analysis.c $(BENCH_HOST_OBJS)
# The HTML page: escaping, the primary numbers from the summary, a set without hlt, several sets.
test_report_html_SRCS = tests/unit/tools/test_report_html.c tools/report_pool.c tools/report_summary.c \
                         tools/report_records.c tools/report_html.c tools/report_html_charts.c tools/report_html_escape.c \
                         tools/report_format.c \
                         kernel/sibling/idle_mode.c kernel/lib/fmt.c $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS)
# `idlebench compare` on fixtures with a known 5 % difference (tests/fixtures/results/shift_mode.py).
UNIT_TESTS += test_compare
test_compare_SRCS = tests/unit/tools/test_compare.c $(COMPARE_SRCS) tools/report_pool.c tools/report_summary.c \
                     kernel/sibling/idle_mode.c kernel/lib/fmt.c $(STREAM_READER_SRCS) $(BENCH_HOST_OBJS) \
                     $(TOOLS_TEST_HELPER)

# `idlebench report`: verified result files (one per boot) → comparable sets
# by plan_id and machine_id, each boot analysed by stats/analysis.c, boots
# combined, controls, planning, carry-over; gnuplot PNG. Statistics come from
# the bench/ objects built with BENCH_CFLAGS (mk/bench.mk), the same code the
# kernel's summary is compiled from.
REPORT_SRCS := tools/report/cmd_report.c tools/report/report_pool.c tools/report/report_summary.c \
               tools/report/report_table.c tools/report/report_png.c tools/report/report_records.c \
               tools/report/report_html.c tools/report/report_html_charts.c tools/report/report_html_escape.c \
               tools/report/report_format.c tools/report/report_commit.c tools/report/report_fleet.c \
               tools/report/report_fleet_print.c tools/common/result_tree.c $(CLI_SRCS)
# `idlebench compare`: two groups pooled as report pools a set, their difference.
COMPARE_SRCS := tools/report/cmd_compare.c tools/report/report_format.c tools/common/result_tree.c $(CLI_SRCS)


UNIT_TESTS += test_report test_report_summary test_report_html
test_report_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_report.c $(REPORT_SRCS) $(TOOLS_TEST_HELPER)
# The report's per-boot and across-boot figures against an independent
# computation (scipy) of the same fixtures.
test_report_summary_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_report_summary.c tools/report/report_pool.c \
                           tools/report/report_summary.c
# The HTML page: escaping, the primary numbers from the summary, a set without hlt, several sets.
test_report_html_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_report_html.c tools/report/report_pool.c \
                        tools/report/report_summary.c tools/report/report_records.c tools/report/report_html.c \
                        tools/report/report_html_charts.c tools/report/report_html_escape.c tools/report/report_format.c
# `idlebench compare` on fixtures with a known 5 % difference (tests/fixtures/results/shift_mode.py).
UNIT_TESTS += test_compare
test_compare_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_compare.c $(COMPARE_SRCS) tools/report/report_pool.c \
                    tools/report/report_summary.c $(TOOLS_TEST_HELPER)
# `report --format=commit`: the changelog paragraph on the real fixtures, numbers from generate.py's scipy
# figures and the fixtures' own records, every caveat written in.
UNIT_TESTS += test_report_commit
test_report_commit_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_report_commit.c $(REPORT_SRCS) $(TOOLS_TEST_HELPER)
# The walker of result trees (tools/common/result_tree.h) on a tree built from the fixtures:
# name order, INCOMPLETE, another schema, not a stream, duplicates, a dangling symlink, a FIFO, a loop.
UNIT_TESTS += test_result_tree
test_result_tree_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_result_tree.c tools/common/result_tree.c \
                        $(TOOLS_TEST_HELPER)
# The fleet view's statistics on simulated fleets (a fixed seed): the per-model interval's coverage
# when machines differ, Holm across machines in fleets without an effect, and with two.
UNIT_TESTS += test_report_fleet
test_report_fleet_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_report_fleet.c tools/report/report_fleet.c \
                         tools/common/result_tree.c tools/report/report_pool.c tools/report/report_summary.c

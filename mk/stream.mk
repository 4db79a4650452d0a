# The result stream, both ends: the kernel's writer (kernel/stream/) and the
# host side (tools/): the reader, `idlebench check`, `idlebench capture`.
UNIT_TESTS += test_stream test_sample_row
test_stream_SRCS := tests/unit/stream/test_stream.c tests/unit/support/crc32_reference.c
test_sample_row_SRCS := tests/unit/stream/test_sample_row.c tests/unit/support/stream_text.c

STREAM_READER_SRCS := tools/common/stream_reader.c
# What the reader and every tool that reads streams share (tools/common/): the
# growth rule of their arrays and the same-boot rule.
STREAM_READER_SRCS += tools/common/grow.c tools/common/same_boot.c
CAPTURE_SRCS := tools/capture/cmd_capture.c tools/capture/capture_source.c tools/capture/capture_filter.c \
                tools/capture/serial_port.c tools/common/result_file.c tools/capture/lava_log.c $(CLI_SRCS)
TOOLS_TEST_HELPER := tests/unit/tools/fd_redirect.c tests/unit/tools/fixture_edit.c


UNIT_TESTS += test_stream_reader test_stream_roundtrip test_cmd_check test_cmd_capture test_capture_filter \
              test_serial_port test_lava_log
test_stream_reader_SRCS := $(STREAM_READER_SRCS) tests/unit/tools/test_stream_reader.c
# Contract test against the kernel's writer (core/stream/stream.c and what it needs).
test_stream_roundtrip_SRCS := $(STREAM_READER_SRCS) tests/unit/tools/test_stream_roundtrip.c
test_cmd_check_SRCS := $(STREAM_READER_SRCS) tests/unit/tools/test_cmd_check.c tools/cli/cmd_check.c tools/common/result_tree.c $(TOOLS_TEST_HELPER) \
                       $(CLI_SRCS)
test_cmd_capture_SRCS := $(STREAM_READER_SRCS) tests/unit/tools/test_cmd_capture.c $(CAPTURE_SRCS) $(TOOLS_TEST_HELPER)
test_capture_filter_SRCS := tests/unit/tools/test_capture_filter.c tools/capture/capture_filter.c
test_serial_port_SRCS := tests/unit/tools/test_serial_port.c tools/capture/serial_port.c
# LAVA job log lines: record forms, YAML escapes, ShellLogger's quoting undone.
test_lava_log_SRCS := tests/unit/tools/test_lava_log.c tools/capture/lava_log.c

FUZZERS += fuzz_stream_reader
fuzz_stream_reader_SRCS := $(STREAM_READER_SRCS) tests/fuzz/fuzz_stream_reader.c
fuzz_stream_reader_CORPUS := tests/fuzz/corpus/stream_reader

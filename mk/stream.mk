# The result stream, both ends: the kernel's writer (kernel/stream/) and the
# host side (tools/): the reader, `idlebench check`, `idlebench capture`.
UNIT_TESTS += test_stream test_sample_row
test_stream_SRCS := tests/unit/stream/test_stream.c kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c \
                    tests/unit/support/crc32_reference.c
test_sample_row_SRCS := tests/unit/stream/test_sample_row.c kernel/stream/sample_row.c kernel/stream/stream.c \
                        kernel/lib/fmt.c kernel/lib/crc32.c tests/unit/support/stream_text.c

STREAM_READER_SRCS := tools/stream_reader.c kernel/lib/crc32.c
CAPTURE_SRCS := tools/cmd_capture.c tools/capture_source.c tools/capture_filter.c tools/serial_port.c \
                tools/result_file.c kernel/lib/result_name.c kernel/lib/safe_name.c kernel/lib/fmt.c $(CLI_SRCS)
TOOLS_TEST_HELPER := tests/unit/tools/fd_redirect.c

HOST_CLI_SRCS += $(STREAM_READER_SRCS) tools/cmd_check.c $(CAPTURE_SRCS) tools/cmd_export.c

UNIT_TESTS += test_stream_reader test_stream_roundtrip test_cmd_check test_cmd_capture test_capture_filter \
              test_serial_port
test_stream_reader_SRCS := tests/unit/tools/test_stream_reader.c $(STREAM_READER_SRCS)
# Contract test against the kernel's writer (kernel/stream/stream.c and what it needs).
test_stream_roundtrip_SRCS := tests/unit/tools/test_stream_roundtrip.c kernel/stream/stream.c kernel/lib/fmt.c \
                              $(STREAM_READER_SRCS)
test_cmd_check_SRCS := tests/unit/tools/test_cmd_check.c tools/cmd_check.c $(STREAM_READER_SRCS) $(TOOLS_TEST_HELPER) \
                       $(CLI_SRCS)
test_cmd_capture_SRCS := tests/unit/tools/test_cmd_capture.c $(CAPTURE_SRCS) $(STREAM_READER_SRCS) $(TOOLS_TEST_HELPER)
test_capture_filter_SRCS := tests/unit/tools/test_capture_filter.c tools/capture_filter.c
test_serial_port_SRCS := tests/unit/tools/test_serial_port.c tools/serial_port.c

FUZZERS += fuzz_stream_reader
fuzz_stream_reader_SRCS := tests/fuzz/fuzz_stream_reader.c $(STREAM_READER_SRCS)
fuzz_stream_reader_CORPUS := tests/fuzz/corpus/stream_reader

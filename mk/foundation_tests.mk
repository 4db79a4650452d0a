# Host unit tests and fuzzers for the foundation code: command line, boot
# information walkers, CRC-32, fmt, the stream writer, the physical allocator.
UNIT_TESTS += test_crc32 test_fmt
test_crc32_SRCS := tests/unit/lib/test_crc32.c kernel/lib/crc32.c tests/unit/support/crc32_reference.c
test_fmt_SRCS := tests/unit/lib/test_fmt.c kernel/lib/fmt.c
UNIT_TESTS += test_owner_lock
test_owner_lock_SRCS := tests/unit/lib/test_owner_lock.c kernel/lib/owner_lock.c
test_owner_lock_LDLIBS := -pthread
UNIT_TESTS += test_stream
test_stream_SRCS := tests/unit/stream/test_stream.c kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c tests/unit/support/crc32_reference.c
UNIT_TESTS += test_sample_row
test_sample_row_SRCS := tests/unit/stream/test_sample_row.c kernel/stream/sample_row.c kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c \
                        tests/unit/support/stream_text.c
# The generic parser, the kernel's table and what its validators and the
# run configuration need (option_table.c also prints through the stream).
OPTIONS_SRCS = kernel/options.c kernel/lib/parse.c kernel/option_table.c kernel/run_config.c \
               kernel/console/serial_port.c kernel/sibling/idle_mode.c kernel/sibling/placement.c \
               kernel/experiment/plan.c kernel/lib/hash64.c kernel/stream/stream.c kernel/lib/fmt.c kernel/lib/crc32.c $(BENCH_HOST_OBJS)
UNIT_TESTS += test_options test_run_config test_console_option test_parse test_hash64 test_plan_order
test_options_SRCS := tests/unit/options/test_options.c $(OPTIONS_SRCS)
test_run_config_SRCS := tests/unit/options/test_run_config.c $(OPTIONS_SRCS)
test_console_option_SRCS := tests/unit/options/test_console_option.c kernel/console/serial_port.c kernel/lib/parse.c
test_parse_SRCS := tests/unit/lib/test_parse.c kernel/lib/parse.c
test_hash64_SRCS := tests/unit/lib/test_hash64.c kernel/lib/hash64.c
test_plan_order_SRCS := tests/unit/options/test_plan_order.c $(OPTIONS_SRCS)
UNIT_TESTS += test_multiboot2 test_pvh
test_multiboot2_SRCS := tests/unit/boot/test_multiboot2.c kernel/boot/multiboot2.c
test_pvh_SRCS := tests/unit/boot/test_pvh.c kernel/boot/pvh.c
UNIT_TESTS += test_phys_alloc
test_phys_alloc_SRCS := tests/unit/mm/test_phys_alloc.c kernel/mm/phys_alloc.c

FUZZERS += fuzz_cmdline fuzz_multiboot2
fuzz_cmdline_SRCS := tests/fuzz/fuzz_cmdline.c $(OPTIONS_SRCS)
fuzz_cmdline_CORPUS := tests/fuzz/corpus/cmdline
fuzz_multiboot2_SRCS := tests/fuzz/fuzz_multiboot2.c kernel/boot/multiboot2.c
fuzz_multiboot2_CORPUS := tests/fuzz/corpus/multiboot2
UNIT_TESTS += test_fb_console
test_fb_console_SRCS := tests/unit/console/test_fb_console.c kernel/console/fb_console.c
$(BUILD)/host/tests/test_fb_console: $(BUILD)/gen/font_glyphs.h

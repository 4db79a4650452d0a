# ACPI table parsing (platform/acpi/, freestanding) and `idlebench inspect`.
ACPI_SRCS := $(filter platform/acpi/%,$(PLATFORM_SRCS))
ACPIDUMP_SRCS := tools/cli/acpidump_text.c
ACPIDUMP_SRCS += tools/common/grow.c


UNIT_TESTS += test_acpi_fixtures test_acpi_crafted test_acpidump_text test_acpi_spcr test_acpi_c2_entry
test_acpi_fixtures_SRCS := tests/unit/acpi/test_acpi_fixtures.c $(ACPIDUMP_SRCS)
test_acpi_crafted_SRCS := tests/unit/acpi/test_acpi_crafted.c
# What the ioport read enters, from raw MSR values (platform/acpi/acpi_c2.c).
test_acpi_c2_entry_SRCS := tests/unit/acpi/test_acpi_c2_entry.c
test_acpidump_text_SRCS := tests/unit/acpi/test_acpidump_text.c $(ACPIDUMP_SRCS)
# The SPCR and the UART the console makes of it (kernel/console/spcr_uart.c).
test_acpi_spcr_SRCS := tests/unit/acpi/test_acpi_spcr.c $(ACPIDUMP_SRCS) kernel/console/spcr_uart.c

FUZZERS += fuzz_acpi_tables fuzz_acpidump_text
fuzz_acpi_tables_SRCS := tests/fuzz/fuzz_acpi_tables.c kernel/console/spcr_uart.c
fuzz_acpi_tables_CORPUS   := tests/fuzz/corpus/fuzz_acpi_tables
fuzz_acpidump_text_SRCS := tests/fuzz/fuzz_acpidump_text.c $(ACPIDUMP_SRCS)
fuzz_acpidump_text_CORPUS := tests/fuzz/corpus/fuzz_acpidump_text

# `idlebench inspect` over the 44 real dumps of tests/fixtures/acpi-corpus/,
# compared with ACPICA's truth.jsonl (recursive `=`: TOOLS_TEST_HELPER is set
# in mk/stream.mk, included after this fragment).
UNIT_TESTS += test_inspect_corpus
test_inspect_corpus_SRCS = tests/unit/tools/test_inspect_corpus.c tools/cli/cmd_inspect.c $(ACPIDUMP_SRCS) \
                           $(TOOLS_TEST_HELPER) $(CLI_SRCS)

# `idlebench inspect` on files that hold no ACPI table: exit 2, one line.
UNIT_TESTS += test_inspect_not_a_dump
test_inspect_not_a_dump_SRCS = tests/unit/tools/test_inspect_not_a_dump.c tools/cli/cmd_inspect.c \
                               $(ACPIDUMP_SRCS) $(TOOLS_TEST_HELPER) $(CLI_SRCS)

# SMBIOS entry point and structure table (platform/smbios/): the firmware and
# system strings (BIOS vendor, version, date; manufacturer, product).
SMBIOS_SRCS := $(filter platform/smbios/%,$(PLATFORM_SRCS))

UNIT_TESTS += test_smbios
test_smbios_SRCS := tests/unit/smbios/test_smbios.c $(SMBIOS_SRCS)

FUZZERS += fuzz_smbios
fuzz_smbios_SRCS := tests/fuzz/fuzz_smbios.c $(SMBIOS_SRCS)
fuzz_smbios_CORPUS := tests/fuzz/corpus/smbios

# Host unit tests and a fuzzer for the pure pieces of the UEFI application
# (boot/uefi/): load options and cmdline.txt to a command line, result file
# names, the UEFI memory map to boot_info regions.
UNIT_TESTS += test_efi_cmdline test_uefi_result_name test_efi_mmap
test_efi_cmdline_SRCS := tests/unit/uefi/test_efi_cmdline.c boot/uefi/efi_cmdline.c
test_uefi_result_name_SRCS := tests/unit/uefi/test_uefi_result_name.c boot/uefi/efi_result_name.c kernel/lib/fmt.c
test_efi_mmap_SRCS := tests/unit/uefi/test_efi_mmap.c boot/uefi/efi_mmap.c

FUZZERS += fuzz_efi_cmdline
fuzz_efi_cmdline_SRCS := tests/fuzz/fuzz_efi_cmdline.c boot/uefi/efi_cmdline.c
fuzz_efi_cmdline_CORPUS := tests/fuzz/corpus/efi_cmdline

# The multiboot2/PVH front end (boot/; its sources are BOOT_SRCS in
# mk/kernel.mk): the loader-information readers (boot/loader/) that fill the
# boot_info (kernel/boot/boot_info.h) every later step reads.
UNIT_TESTS += test_multiboot2 test_pvh
test_multiboot2_SRCS := tests/unit/boot/test_multiboot2.c boot/loader/multiboot2.c
test_pvh_SRCS := tests/unit/boot/test_pvh.c boot/loader/pvh.c

FUZZERS += fuzz_multiboot2
fuzz_multiboot2_SRCS := tests/fuzz/fuzz_multiboot2.c boot/loader/multiboot2.c
fuzz_multiboot2_CORPUS := tests/fuzz/corpus/multiboot2

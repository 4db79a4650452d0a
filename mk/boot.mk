# Boot information (kernel/boot/): the multiboot2 and PVH walkers that fill
# the boot_info every later step reads.
UNIT_TESTS += test_multiboot2 test_pvh
test_multiboot2_SRCS := tests/unit/boot/test_multiboot2.c kernel/boot/multiboot2.c
test_pvh_SRCS := tests/unit/boot/test_pvh.c kernel/boot/pvh.c

FUZZERS += fuzz_multiboot2
fuzz_multiboot2_SRCS := tests/fuzz/fuzz_multiboot2.c kernel/boot/multiboot2.c
fuzz_multiboot2_CORPUS := tests/fuzz/corpus/multiboot2

# Memory (kernel/mm/): the physical page allocator.
UNIT_TESTS += test_phys_alloc
test_phys_alloc_SRCS := tests/unit/mm/test_phys_alloc.c kernel/mm/phys_alloc.c

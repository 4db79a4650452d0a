# The freestanding support library (lib/): CRC-32, fmt, number
# parsing, the owner lock, result file names.
UNIT_TESTS += test_crc32 test_fmt test_parse test_owner_lock test_hash64 test_result_name
test_crc32_SRCS := tests/unit/lib/test_crc32.c tests/unit/support/crc32_reference.c
test_fmt_SRCS := tests/unit/lib/test_fmt.c
test_parse_SRCS := tests/unit/lib/test_parse.c
test_result_name_SRCS := tests/unit/lib/test_result_name.c
test_hash64_SRCS := tests/unit/lib/test_hash64.c
test_owner_lock_SRCS := tests/unit/lib/test_owner_lock.c
# Two threads contend for the lock. glibc >= 2.34 (Debian 12 has 2.36) keeps
# pthreads in libc, so this only matters for older C libraries; -pthread is
# the portable spelling.
test_owner_lock_LDLIBS := -pthread
# The elementary functions (lib/fpmath.c) against the host libm.
UNIT_TESTS += bench_fpmath
bench_fpmath_SRCS := tests/unit/lib/test_fpmath.c

/* An independent CRC-32 for tests: bit by bit from the definition (IEEE
 * 802.3, reflected polynomial 0xEDB88320), sharing nothing with the
 * nibble-table implementation in lib/crc32.c that it checks. */
#ifndef IDLEBENCH_TESTS_UNIT_SUPPORT_CRC32_REFERENCE_H
#define IDLEBENCH_TESTS_UNIT_SUPPORT_CRC32_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32 of len bytes at data, as zlib's crc32(0, data, len). */
uint32_t crc32_bitwise(const void *data, size_t len);

#endif

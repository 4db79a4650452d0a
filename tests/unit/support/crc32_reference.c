/* Reference CRC-32 for unit tests (see crc32_reference.h). */
#include "tests/unit/support/crc32_reference.h"

uint32_t crc32_bitwise(const void *data, size_t len)
{
	const uint8_t *p = data;
	uint32_t crc = 0xFFFFFFFFu;

	while (len--) {
		crc ^= *p++;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
	}
	return ~crc;
}

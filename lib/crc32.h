/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit-identical to zlib's crc32(). */
#ifndef IDLEBENCH_KERNEL_LIB_CRC32_H
#define IDLEBENCH_KERNEL_LIB_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continue a CRC: pass 0 for the first chunk, then the previous return value. */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

#endif

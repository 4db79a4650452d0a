/* One ACPI table in memory: the common 36-byte header (ACPI 6.5 §5.2.6),
 * little-endian field readers, and the checks every table passes before any
 * parser looks at it (signature, length bounds, checksum). */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_TABLE_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Size of the System Description Table Header (ACPI 6.5 Table 5.4). */
#define ACPI_HEADER_LEN 36
/* Largest table we accept. Real DSDTs reach ~1 MiB (Intel laptops); a length
 * beyond this is a lie, not a table, and would make us map/sum garbage. */
#define ACPI_MAX_TABLE_LEN (16u * 1024u * 1024u)
/* The FACS has no checksum and a 64-byte minimum (ACPI 6.5 §5.2.10). */
#define ACPI_FACS_MIN_LEN 64

/* Read a little-endian 16-bit value (ACPI is little-endian, §5.2). */
static inline uint16_t acpi_le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
/* Read a little-endian 32-bit value. */
static inline uint32_t acpi_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
/* Read a little-endian 64-bit value. */
static inline uint64_t acpi_le64(const uint8_t *p) { return acpi_le32(p) | (uint64_t)acpi_le32(p + 4) << 32; }

/* Sum of len bytes modulo 256; a valid table (or RSDP part) sums to 0. */
uint8_t acpi_checksum(const uint8_t *p, size_t len);

/* True when the 4 signature bytes are ones firmware uses (A-Z, 0-9, '_'). */
bool acpi_signature_plausible(const uint8_t *sig);

/* Check a table of at most avail readable bytes: header present, length field
 * within [36, ACPI_MAX_TABLE_LEN] and within avail, checksum zero (the FACS,
 * which has no checksum, only needs its 64 bytes). If expected_sig is non-NULL
 * the signature must match it, else it must be plausible. */
enum acpi_err acpi_table_check(const uint8_t *data, uint64_t avail, const char *expected_sig);

#endif

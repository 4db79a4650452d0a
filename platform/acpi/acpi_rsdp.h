/* The Root System Description Pointer (ACPI 6.5 §5.2.5): validation and the
 * BIOS memory scan for machines whose loader passed no RSDP. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_RSDP_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_RSDP_H

#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* ACPI 1.0 RSDP size, covered by the first checksum (Table 5.3). */
#define ACPI_RSDP_V1_LEN 20
/* ACPI 2.0+ RSDP size, covered by the extended checksum. */
#define ACPI_RSDP_V2_LEN 36
/* Upper bound we accept for the RSDP Length field (the spec defines 36). */
#define ACPI_RSDP_MAX_LEN 1024

/* What a valid RSDP says. */
struct acpi_rsdp_info {
	uint8_t revision;  /* 0 = ACPI 1.0 (RSDT only), >= 2 = has XSDT fields */
	uint32_t length;   /* bytes covered by the checksums (20 for revision 0) */
	uint32_t rsdt;     /* RSDT physical address, 0 if none */
	uint64_t xsdt;     /* XSDT physical address, 0 if none or revision 0 */
	char oem_id[7];    /* NUL-terminated */
};

/* Check an RSDP at p with avail readable bytes: "RSD PTR " signature, the
 * 20-byte checksum, and for revision >= 2 the Length field and the extended
 * checksum. Fills *out (may be NULL) on success. */
enum acpi_err acpi_rsdp_check(const uint8_t *p, uint64_t avail, struct acpi_rsdp_info *out);

/* Scan len bytes at base, which the CPU sees at physical address phys_base,
 * for a valid RSDP on a 16-byte physical boundary (§5.2.5.1: first KiB of the
 * EBDA, then 0xE0000-0xFFFFF). Returns its physical address, 0 if none. */
uint64_t acpi_find_rsdp(const uint8_t *base, uint64_t phys_base, size_t len);

#endif

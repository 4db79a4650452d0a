/* RSDP checks and the legacy BIOS-area scan (ACPI 6.5 §5.2.5.1 and §5.2.5.3). */
#include "platform/acpi/acpi_rsdp.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

enum acpi_err acpi_rsdp_check(const uint8_t *p, uint64_t avail, struct acpi_rsdp_info *out)
{
	if (avail < ACPI_RSDP_V1_LEN)
		return ACPI_ERR_HEADER_PAST_END;
	if (memcmp(p, "RSD PTR ", 8) != 0)
		return ACPI_ERR_SIGNATURE;
	if (acpi_checksum(p, ACPI_RSDP_V1_LEN) != 0)
		return ACPI_ERR_RSDP_CHECKSUM;
	uint8_t revision = p[15];
	uint32_t length = ACPI_RSDP_V1_LEN;
	uint64_t xsdt = 0;
	/* Revision 0 is ACPI 1.0; 2 and later carry Length, XsdtAddress and the
	 * extended checksum (Table 5.3). Revision 1 was never defined. */
	if (revision >= 2) {
		if (avail < ACPI_RSDP_V2_LEN)
			return ACPI_ERR_HEADER_PAST_END;
		length = acpi_le32(p + 20);
		if (length < ACPI_RSDP_V2_LEN || length > ACPI_RSDP_MAX_LEN)
			return ACPI_ERR_RSDP_LENGTH;
		if (length > avail)
			return ACPI_ERR_LENGTH_PAST_END;
		if (acpi_checksum(p, length) != 0)
			return ACPI_ERR_RSDP_EXT_CHECKSUM;
		xsdt = acpi_le64(p + 24);
	}
	if (out) {
		out->revision = revision;
		out->length = length;
		out->rsdt = acpi_le32(p + 16);
		out->xsdt = xsdt;
		memcpy(out->oem_id, p + 9, 6);
		out->oem_id[6] = '\0';
	}
	return ACPI_OK;
}

uint64_t acpi_find_rsdp(const uint8_t *base, uint64_t phys_base, size_t len)
{
	size_t off = (size_t)((16 - (phys_base & 15)) & 15);

	for (; off + ACPI_RSDP_V1_LEN <= len; off += 16) {
		if (base[off] != 'R' || acpi_rsdp_check(base + off, len - off, NULL) != ACPI_OK)
			continue;
		return phys_base + off;
	}
	return 0;
}

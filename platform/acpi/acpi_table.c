/* Validation of a single ACPI table (ACPI 6.5 §5.2.6: the header, its Length
 * and Checksum fields). */
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

uint8_t acpi_checksum(const uint8_t *p, size_t len)
{
	uint8_t sum = 0;

	while (len--)
		sum = (uint8_t)(sum + *p++);
	return sum;
}

/* ACPICA's rule (utilities, acpi_ut_valid_name_char): A-Z, 0-9 and '_', and
 * '!' in the last position "because of the ASF! table" (Alert Standard
 * Format, present on a third of linuxhw's dumps). */
bool acpi_signature_plausible(const uint8_t *sig)
{
	for (int i = 0; i < 4; i++) {
		uint8_t c = sig[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || (c == '!' && i == 3)))
			return false;
	}
	return true;
}

enum acpi_err acpi_table_check(const uint8_t *data, uint64_t avail, const char *expected_sig)
{
	/* The FACS shares only Signature and Length with the common header. */
	if (avail < 8)
		return ACPI_ERR_HEADER_PAST_END;
	if (expected_sig ? memcmp(data, expected_sig, 4) != 0 : !acpi_signature_plausible(data))
		return ACPI_ERR_SIGNATURE;
	uint32_t len = acpi_le32(data + 4);
	if (!memcmp(data, "FACS", 4)) {
		if (len < ACPI_FACS_MIN_LEN)
			return ACPI_ERR_LENGTH_SHORT;
		if (len > avail)
			return ACPI_ERR_LENGTH_PAST_END;
		return ACPI_OK;
	}
	if (avail < ACPI_HEADER_LEN)
		return ACPI_ERR_HEADER_PAST_END;
	if (len < ACPI_HEADER_LEN)
		return ACPI_ERR_LENGTH_SHORT;
	if (len > ACPI_MAX_TABLE_LEN)
		return ACPI_ERR_LENGTH_LARGE;
	if (len > avail)
		return ACPI_ERR_LENGTH_PAST_END;
	if (acpi_checksum(data, len) != 0)
		return ACPI_ERR_CHECKSUM;
	return ACPI_OK;
}

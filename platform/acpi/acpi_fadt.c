/* FADT fields (ACPI 6.5 Table 5.9). The table grew over revisions, so every
 * field is read only when Length covers it. */
#include "platform/acpi/acpi_fadt.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

#define FADT_DSDT 40
#define FADT_PM_TMR_BLK 76
#define FADT_P_LVL2_LAT 96
#define FADT_P_LVL3_LAT 98
#define FADT_FLAGS 112
#define FADT_X_DSDT 140
#define FADT_X_PM_TMR_BLK 208 /* Generic Address Structure, 12 bytes */

/* GAS (Table 5.1): Address Space ID at +0, 64-bit Address at +4. */
#define GAS_SPACE_SYSTEM_IO 1
#define GAS_LEN 12

/* ACPI 1.0 FADT length: everything up to and including Flags. */
#define FADT_MIN_LEN 116

enum acpi_err acpi_fadt_parse(const uint8_t *t, size_t len, struct acpi_fadt_info *out)
{
	memset(out, 0, sizeof *out);
	if (len < FADT_MIN_LEN)
		return ACPI_ERR_TABLE_TOO_SHORT;
	out->revision = t[8];
	out->flags = acpi_le32(t + FADT_FLAGS);
	out->p_lvl2_lat = acpi_le16(t + FADT_P_LVL2_LAT);
	out->p_lvl3_lat = acpi_le16(t + FADT_P_LVL3_LAT);
	out->pm_timer_32bit = (out->flags & ACPI_FADT_TMR_VAL_EXT) != 0;
	out->dsdt = acpi_le32(t + FADT_DSDT);
	if (len >= FADT_X_DSDT + 8 && acpi_le64(t + FADT_X_DSDT))
		out->dsdt = acpi_le64(t + FADT_X_DSDT);

	/* §5.2.9: X_PM_TMR_BLK supersedes PM_TMR_BLK when non-zero. We only use
	 * a SystemIO timer that fits a 16-bit port; a memory-mapped one is
	 * reported as absent rather than misread as a port. */
	if (out->flags & ACPI_FADT_HW_REDUCED)
		return ACPI_OK;
	if (len >= FADT_X_PM_TMR_BLK + GAS_LEN) {
		const uint8_t *gas = t + FADT_X_PM_TMR_BLK;
		uint64_t addr = acpi_le64(gas + 4);
		if (addr) {
			if (gas[0] == GAS_SPACE_SYSTEM_IO && addr <= 0xFFFF) {
				out->pm_timer_port = (uint16_t)addr;
				out->pm_timer_from_x = true;
			}
			return ACPI_OK;
		}
	}
	uint32_t port = acpi_le32(t + FADT_PM_TMR_BLK);
	if (port <= 0xFFFF)
		out->pm_timer_port = (uint16_t)port;
	return ACPI_OK;
}

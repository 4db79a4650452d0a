/* HPET table fields (IA-PC HPET Specification 1.0a, Table 3: Event Timer
 * Block ID at 36, Base Address GAS at 40, HPET Number at 52). */
#include "platform/acpi/acpi_hpet.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

#define HPET_EVENT_TIMER_ID 36
#define HPET_BASE_GAS 40
#define HPET_NUMBER 52
#define HPET_MIN_LEN 56

enum acpi_err acpi_hpet_parse(const uint8_t *t, size_t len, struct acpi_hpet_info *out)
{
	memset(out, 0, sizeof *out);
	if (len < HPET_MIN_LEN)
		return ACPI_ERR_TABLE_TOO_SHORT;
	out->event_timer_id = acpi_le32(t + HPET_EVENT_TIMER_ID);
	out->address_space = t[HPET_BASE_GAS];
	out->base = acpi_le64(t + HPET_BASE_GAS + 4);
	out->number = t[HPET_NUMBER];
	return ACPI_OK;
}

/* The HPET description table (IA-PC HPET Specification 1.0a, §3.2.4). */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_HPET_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_HPET_H

#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Where the HPET registers are. */
struct acpi_hpet_info {
	uint64_t base;           /* register block physical address (SystemMemory) */
	uint8_t address_space;   /* GAS space ID; 0 = SystemMemory, the only usable one */
	uint32_t event_timer_id; /* Event Timer Block ID (vendor, comparator count) */
	uint8_t number;          /* HPET sequence number */
};

/* Parse the HPET table in table[0..len) (already checked by acpi_table_check). */
enum acpi_err acpi_hpet_parse(const uint8_t *table, size_t len, struct acpi_hpet_info *out);

#endif

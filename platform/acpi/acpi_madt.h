/* The MADT ("APIC" table, ACPI 6.5 §5.2.12): which CPUs exist and their APIC IDs. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_MADT_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_MADT_H

#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Capacity of the enabled-CPU list; more is ACPI_ERR_TOO_MANY_CPUS, never a
 * silent cut (the largest fixture has 64). */
#define ACPI_MAX_CPUS 1024

/* What the MADT says about processors. A CPU is an entry (type 0 or 9) with
 * the Enabled flag set: that is a processor the firmware started and the OS
 * may use now. An entry that is only Online Capable (MADT revision >= 5,
 * §5.2.12.2) is a CPU that could be hot-added later; it is not running, so it
 * is counted in online_capable and NOT in the CPU list. */
struct acpi_madt_info {
	uint32_t apic_ids[ACPI_MAX_CPUS]; /* enabled CPUs, ascending, each ID once */
	size_t cpu_count;                 /* entries used in apic_ids */
	uint64_t lapic_address;           /* type 5 override if present, else the header field */
	uint8_t revision;                 /* MADT revision (Online Capable needs >= 5) */
	uint32_t processor_entries;       /* type 0 and type 9 entries, enabled or not */
	uint32_t disabled_entries;        /* of those, neither Enabled */
	uint32_t online_capable;          /* disabled but Online Capable (rev >= 5) */
	uint32_t duplicate_entries;       /* enabled entries repeating an APIC ID already listed */
	uint32_t error_offset;            /* byte offset in the table where parsing failed */
};

/* Parse the MADT in table[0..len) (already checked by acpi_table_check).
 * Malformed subtables stop the parse with an error and error_offset set. */
enum acpi_err acpi_madt_parse(const uint8_t *table, size_t len, struct acpi_madt_info *out);

#endif

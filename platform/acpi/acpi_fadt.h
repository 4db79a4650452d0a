/* The FADT ("FACP", ACPI 6.5 §5.2.9): PM timer, C2/C3 latencies, flags, DSDT. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_FADT_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_FADT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Flags bit 3 P_LVL2_UP (ACPICA: ACPI_FADT_C2_MP_SUPPORTED): 1 = C2 works on
 * a UP or an MP system, 0 = C2 works only on a UP system (Table 5.10). */
#define ACPI_FADT_P_LVL2_UP (1u << 3)
/* Flags bit 8 TMR_VAL_EXT: the PM timer counts 32 bits, not 24 (Table 5.10). */
#define ACPI_FADT_TMR_VAL_EXT (1u << 8)
/* Flags bit 20 HW_REDUCED_ACPI: no fixed hardware, hence no PM timer. */
#define ACPI_FADT_HW_REDUCED (1u << 20)

/* The FADT fields idlebench uses. Fields beyond the table's Length read 0. */
struct acpi_fadt_info {
	uint8_t revision;
	uint32_t flags;          /* Flags (Table 5.10) */
	uint16_t pm_timer_port;  /* I/O port of the PM timer, 0 if none */
	bool pm_timer_from_x;    /* the port came from X_PM_TMR_BLK (a GAS) */
	bool pm_timer_32bit;     /* TMR_VAL_EXT */
	uint16_t p_lvl2_lat;     /* P_LVL2_LAT in us; > 100 means C2 unsupported */
	uint16_t p_lvl3_lat;     /* P_LVL3_LAT in us; > 1000 means C3 unsupported */
	uint64_t dsdt;           /* X_DSDT when non-zero, else DSDT */
};

/* Parse the FADT in table[0..len) (already checked by acpi_table_check). */
enum acpi_err acpi_fadt_parse(const uint8_t *table, size_t len, struct acpi_fadt_info *out);

#endif

/* Everything idlebench reads from a table set, in one pass: CPUs (MADT),
 * timers (FADT, HPET), the console UART (SPCR) and C-states (DSDT and every
 * SSDT). The kernel and
 * `idlebench inspect` both call this, so both see the same facts. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_SUMMARY_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_SUMMARY_H

#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_error.h"
#include "platform/acpi/acpi_fadt.h"
#include "platform/acpi/acpi_hpet.h"
#include "platform/acpi/acpi_madt.h"
#include "platform/acpi/acpi_spcr.h"
#include "platform/acpi/acpi_tables.h"

/* Per-table outcome: ACPI_ERR_NOT_FOUND when the table is absent. */
struct acpi_summary {
	struct acpi_madt_info madt;
	enum acpi_err madt_status;
	struct acpi_fadt_info fadt;
	enum acpi_err fadt_status;
	struct acpi_hpet_info hpet;
	enum acpi_err hpet_status;
	struct acpi_spcr_info spcr;
	enum acpi_err spcr_status;
	struct acpi_cst_info cst;
	enum acpi_err cst_status;
	size_t cst_error_table;  /* index in the set of the table that failed the scan */
	uint32_t aml_tables;     /* DSDT + SSDTs scanned */
};

/* Parse the first valid MADT, FADT, HPET and SPCR, and scan the DSDT then every
 * SSDT for C-states. Tables that failed their checks are not looked at. */
void acpi_summarize(const struct acpi_table_set *set, struct acpi_summary *out);

#endif

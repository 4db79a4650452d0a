/* The set of ACPI tables one machine provides, each checked before use.
 * The kernel fills it by walking RSDP -> XSDT (or RSDT) -> tables, plus the
 * DSDT the FADT points to; the host tool fills it from a dump, by content.
 * A table that fails a check stays in the set with its error, is never
 * handed to a parser, and nothing it points to is followed. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_TABLES_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Capacity of a table set. The biggest fixture (an Intel laptop) has 45
 * tables; servers with one SSDT per socket stay well below 128. */
#define ACPI_MAX_TABLES 128

/* How the kernel reaches physical memory: map(ctx, phys, len) returns a
 * pointer to len readable bytes at phys that stays valid while the table set
 * is used, or NULL when the range is not accessible. */
struct acpi_mem {
	const void *(*map)(void *ctx, uint64_t phys, uint64_t len);
	void *ctx;
};

/* One table as found (valid or not). */
struct acpi_table {
	char signature[5];     /* NUL-terminated; "????" when unreadable */
	uint64_t phys;         /* physical address; 0 when it came from a dump */
	const uint8_t *data;   /* the table bytes; NULL unless status == ACPI_OK */
	uint32_t length;       /* the header's Length field (0 if unreadable) */
	enum acpi_err status;  /* ACPI_OK or why the table was skipped */
};

/* All tables of a machine, in discovery order. */
struct acpi_table_set {
	struct acpi_table tables[ACPI_MAX_TABLES];
	size_t count;
	bool overflow;          /* a table was dropped: more than ACPI_MAX_TABLES */
	bool root_is_xsdt;      /* the walk used the XSDT (false: RSDT or a dump) */
	uint8_t rsdp_revision;  /* from the walk; 0 for a dump */
};

/* Empty the set. */
void acpi_tables_init(struct acpi_table_set *set);

/* Check avail bytes at data as one table and record it (by content: the host
 * reader's way in). Returns the table's status, or ACPI_ERR_TOO_MANY_TABLES. */
enum acpi_err acpi_tables_add(struct acpi_table_set *set, const uint8_t *data, uint64_t avail, uint64_t phys);

/* Walk from the RSDP at rsdp_phys through mem: XSDT preferred, RSDT when the
 * XSDT is absent or bad; each listed table is checked and recorded, and the
 * FADT's DSDT (X_DSDT preferred) is added. Returns ACPI_OK when a root table
 * was usable, even if some tables were skipped (see their status). */
enum acpi_err acpi_tables_load(struct acpi_table_set *set, const struct acpi_mem *mem, uint64_t rsdp_phys);

/* The n-th (from 0) valid table with this signature, or NULL. */
const struct acpi_table *acpi_tables_find(const struct acpi_table_set *set, const char *signature, size_t n);

/* Number of recorded tables whose status is not ACPI_OK. */
size_t acpi_tables_bad_count(const struct acpi_table_set *set);

#endif

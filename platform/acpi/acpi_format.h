/* The ACPI metadata values as text (docs/stream-format.md keys acpi_cpus,
 * acpi_apic_ids, acpi_cstates, c2_port, c2_source), written into a caller
 * buffer so the kernel and `idlebench inspect` print identical strings. Each
 * returns ACPI_ERR_BUFFER_TOO_SMALL (buffer holds "" then) rather than cut. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_FORMAT_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_FORMAT_H

#include <stddef.h>

#include "platform/acpi/acpi_c2.h"
#include "platform/acpi/acpi_cst.h"
#include "platform/acpi/acpi_error.h"
#include "platform/acpi/acpi_madt.h"

/* Room for the longest acpi_apic_ids value: ACPI_MAX_CPUS ids of up to 10
 * digits plus commas and the NUL. */
#define ACPI_APIC_IDS_TEXT_MAX (ACPI_MAX_CPUS * 11 + 1)
/* Room for the longest acpi_cstates value. */
#define ACPI_CSTATES_TEXT_MAX (ACPI_MAX_CSTATES * 48 + 1)

/* acpi_cpus: the number of enabled CPUs, decimal ("12"). */
enum acpi_err acpi_format_cpus(const struct acpi_madt_info *madt, char *buf, size_t cap);

/* acpi_apic_ids: enabled APIC IDs, decimal, ascending, comma-separated ("0,1,2"). */
enum acpi_err acpi_format_apic_ids(const struct acpi_madt_info *madt, char *buf, size_t cap);

/* acpi_cstates: "C<type>:<ffh|io>:<hex address>:<latency>" joined by ';',
 * in the info's order (type, then address); "" when there are none. */
enum acpi_err acpi_format_cstates(const struct acpi_cst_info *cst, char *buf, size_t cap);

/* c2_port: "0x414", or "none". */
enum acpi_err acpi_format_c2_port(const struct acpi_c2_decision *c2, char *buf, size_t cap);

/* c2_source: "cmdline", "_CST", "msr", "pblk" or "none". */
enum acpi_err acpi_format_c2_source(const struct acpi_c2_decision *c2, char *buf, size_t cap);

#endif

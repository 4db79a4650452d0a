/* Named error values for the ACPI parsers, and their text. Every parser in
 * platform/acpi/ returns one of these; the kernel and `idlebench inspect` print
 * acpi_strerror() so the user reads the same words in both places. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_ERROR_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_ERROR_H

/* X-macro: X(name, text). One home for the list and the words. */
#define ACPI_ERRORS(X) \
	X(ACPI_OK,                 "ok") \
	X(ACPI_ERR_NOT_MAPPED,     "address range not accessible") \
	X(ACPI_ERR_SIGNATURE,      "unexpected signature") \
	X(ACPI_ERR_HEADER_PAST_END, "fewer bytes than the 36-byte table header") \
	X(ACPI_ERR_LENGTH_SHORT,   "length field below the 36-byte header") \
	X(ACPI_ERR_LENGTH_LARGE,   "length field above the sane limit") \
	X(ACPI_ERR_LENGTH_PAST_END, "length field runs past the available bytes") \
	X(ACPI_ERR_CHECKSUM,       "checksum mismatch") \
	X(ACPI_ERR_RSDP_CHECKSUM,  "RSDP checksum mismatch (first 20 bytes)") \
	X(ACPI_ERR_RSDP_EXT_CHECKSUM, "RSDP extended checksum mismatch") \
	X(ACPI_ERR_RSDP_LENGTH,    "RSDP length field out of range") \
	X(ACPI_ERR_NO_RSDP,        "no RSDP found") \
	X(ACPI_ERR_NO_ROOT_TABLE,  "neither XSDT nor RSDT is usable") \
	X(ACPI_ERR_TOO_MANY_TABLES, "more tables than the table set holds") \
	X(ACPI_ERR_TABLE_TOO_SHORT, "table too short for its fixed fields") \
	X(ACPI_ERR_ENTRY_ZERO_LENGTH, "subtable length below 2 (would never advance)") \
	X(ACPI_ERR_ENTRY_TRUNCATED, "subtable runs past the end of the table") \
	X(ACPI_ERR_ENTRY_TOO_SHORT, "subtable shorter than its type requires") \
	X(ACPI_ERR_TOO_MANY_CPUS,  "more enabled CPUs than the APIC ID list holds") \
	X(ACPI_ERR_TOO_MANY_CSTATES, "more distinct C-states than the list holds") \
	X(ACPI_ERR_NOT_FOUND,      "table not present") \
	X(ACPI_ERR_BUFFER_TOO_SMALL, "output buffer too small")

#define ACPI_ERROR_ENUM_ITEM(name, text) name,
/* An ACPI parser outcome; ACPI_OK is zero. */
enum acpi_err { ACPI_ERRORS(ACPI_ERROR_ENUM_ITEM) ACPI_ERR_COUNT };
#undef ACPI_ERROR_ENUM_ITEM

/* The text for an error value ("checksum mismatch"); never NULL. */
const char *acpi_strerror(enum acpi_err err);

#endif

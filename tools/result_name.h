/* File names for captured result streams:
 * `<vendor>-<family>h-<model>h-<smbios product>-<YYYYMMDDTHHMMSSZ>`, from the
 * stream's metadata keys cpu_vendor, cpu_family, cpu_model, smbios_product. */
#ifndef IDLEBENCH_TOOLS_RESULT_NAME_H
#define IDLEBENCH_TOOLS_RESULT_NAME_H

#include <stddef.h>
#include <time.h>

#include "tools/stream_reader.h"

/* Longest sanitized component kept in a file name (longer ones are cut). */
#define RESULT_NAME_COMPONENT_MAX 48

/* Lower-case s, turn every byte outside [a-z0-9.-] into '-', collapse runs of
 * '-', trim '-' and '.' at both ends, cut to RESULT_NAME_COMPONENT_MAX; a NULL
 * or empty result becomes "unknown". out needs RESULT_NAME_COMPONENT_MAX + 1 bytes. */
void result_name_sanitize(const char *s, char *out);

/* A CPUID family/model value written as a C integer (`0x18`, `24`) as lower-case
 * hex with an `h` suffix (`18h`); "unknown" when missing or not a number.
 * out needs RESULT_NAME_COMPONENT_MAX + 1 bytes. */
void result_name_hex_field(const char *s, char *out);

/* The base name (no suffix, no extension) for a stream captured at time `when`;
 * returns false when out is too small. */
bool result_name_base(const struct stream_reader *r, time_t when, char *out, size_t size);

#endif

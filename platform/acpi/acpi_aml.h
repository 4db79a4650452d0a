/* The few AML encodings the C-state decoder reads (ACPI 6.5 §20.2): package
 * lengths, names and integer constants. Each reader checks bounds and returns
 * false on anything it does not recognise; none evaluates code. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_AML_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_AML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* AML opcodes the decoder recognises (§20.2.5). */
#define AML_NAME_OP 0x08
#define AML_BUFFER_OP 0x11
#define AML_PACKAGE_OP 0x12
#define AML_VAR_PACKAGE_OP 0x13
#define AML_METHOD_OP 0x14
#define AML_EXT_OP_PREFIX 0x5B
#define AML_PROCESSOR_OP 0x83 /* after AML_EXT_OP_PREFIX; deprecated in ACPI 6.4 */

/* Read a PkgLength at aml[pos]: *value is the encoded length (which counts
 * its own bytes), *next the position after the encoding. */
bool aml_read_pkglength(const uint8_t *aml, size_t len, size_t pos, uint32_t *value, size_t *next);

/* Read a NameString at aml[pos]: *last_seg is the offset of its final 4-byte
 * NameSeg (SIZE_MAX for the NullName), *next the position after it. */
bool aml_read_namestring(const uint8_t *aml, size_t len, size_t pos, size_t *last_seg, size_t *next);

/* Read an integer constant (Zero/One/Ones or Byte/Word/DWord/QWord prefix). */
bool aml_read_integer(const uint8_t *aml, size_t len, size_t pos, uint64_t *value, size_t *next);

#endif

/* AML primitive encodings, ACPI 6.5 §20.2.2 (names), §20.2.3 (data objects)
 * and §20.2.4 (package length). */
#include "platform/acpi/acpi_aml.h"
#include "platform/acpi/acpi_table.h"

#define AML_ZERO_OP 0x00
#define AML_ONE_OP 0x01
#define AML_ONES_OP 0xFF
#define AML_BYTE_PREFIX 0x0A
#define AML_WORD_PREFIX 0x0B
#define AML_DWORD_PREFIX 0x0C
#define AML_QWORD_PREFIX 0x0E
#define AML_ROOT_CHAR '\\'
#define AML_PARENT_PREFIX '^'
#define AML_DUAL_NAME_PREFIX 0x2E
#define AML_MULTI_NAME_PREFIX 0x2F
#define AML_NULL_NAME 0x00

bool aml_read_pkglength(const uint8_t *aml, size_t len, size_t pos, uint32_t *value, size_t *next)
{
	if (pos >= len)
		return false;
	uint8_t lead = aml[pos];
	unsigned extra = lead >> 6;
	if (extra == 0) {
		*value = lead & 0x3F;
	} else {
		/* With following bytes, bits 5:4 of the lead byte are reserved zero. */
		if ((lead & 0x30) || len - pos - 1 < extra)
			return false;
		uint32_t v = lead & 0x0F;
		for (unsigned i = 0; i < extra; i++)
			v |= (uint32_t)aml[pos + 1 + i] << (4 + 8 * i);
		*value = v;
	}
	*next = pos + 1 + extra;
	return true;
}

static bool is_lead_name_char(uint8_t c) { return (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_name_char(uint8_t c) { return is_lead_name_char(c) || (c >= '0' && c <= '9'); }

static bool is_name_seg(const uint8_t *aml, size_t len, size_t pos)
{
	return len >= 4 && pos <= len - 4 && is_lead_name_char(aml[pos]) && is_name_char(aml[pos + 1]) &&
	       is_name_char(aml[pos + 2]) && is_name_char(aml[pos + 3]);
}

bool aml_read_namestring(const uint8_t *aml, size_t len, size_t pos, size_t *last_seg, size_t *next)
{
	if (pos < len && aml[pos] == AML_ROOT_CHAR)
		pos++;
	else
		while (pos < len && aml[pos] == AML_PARENT_PREFIX)
			pos++;
	if (pos >= len)
		return false;
	unsigned segs;
	switch (aml[pos]) {
	case AML_NULL_NAME:
		*last_seg = SIZE_MAX;
		*next = pos + 1;
		return true;
	case AML_DUAL_NAME_PREFIX:
		segs = 2;
		pos++;
		break;
	case AML_MULTI_NAME_PREFIX:
		if (pos + 1 >= len || aml[pos + 1] == 0)
			return false;
		segs = aml[pos + 1];
		pos += 2;
		break;
	default:
		segs = 1;
		break;
	}
	for (unsigned i = 0; i < segs; i++, pos += 4)
		if (!is_name_seg(aml, len, pos))
			return false;
	*last_seg = pos - 4;
	*next = pos;
	return true;
}

bool aml_read_integer(const uint8_t *aml, size_t len, size_t pos, uint64_t *value, size_t *next)
{
	if (pos >= len)
		return false;
	unsigned size;
	switch (aml[pos]) {
	case AML_ZERO_OP: *value = 0; *next = pos + 1; return true;
	case AML_ONE_OP: *value = 1; *next = pos + 1; return true;
	case AML_ONES_OP: *value = UINT64_MAX; *next = pos + 1; return true;
	case AML_BYTE_PREFIX: size = 1; break;
	case AML_WORD_PREFIX: size = 2; break;
	case AML_DWORD_PREFIX: size = 4; break;
	case AML_QWORD_PREFIX: size = 8; break;
	default: return false;
	}
	if (len - pos - 1 < size)
		return false;
	uint64_t v = 0;
	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)aml[pos + 1 + i] << (8 * i);
	*value = v;
	*next = pos + 1 + size;
	return true;
}

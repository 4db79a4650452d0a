/* SMBIOS structure table walk (DMTF DSP0134 3.x, 6.1.2 "Structure header
 * format": type, length of the formatted area (>= 4), handle; 6.1.3 "Text
 * strings": NUL-terminated strings after the formatted area, the set ending in
 * a double NUL, string number 0 meaning "none"). Every offset is checked
 * against the table end; a zero or short length stops the walk with an error
 * instead of looping (dmidecode stops the same way). */
#include "kernel/smbios/smbios.h"

#include "kernel/lib/mem.h"

#define SMBIOS_TYPE_BIOS        0
#define SMBIOS_TYPE_SYSTEM      1
#define SMBIOS_TYPE_END         127
#define SMBIOS_HEADER_LEN       4

/* Type 0 (7.1 "BIOS Information") and type 1 (7.2 "System Information") string fields. */
#define BIOS_VENDOR_OFFSET      0x04
#define BIOS_VERSION_OFFSET     0x05
#define BIOS_DATE_OFFSET        0x08
#define SYSTEM_VENDOR_OFFSET    0x04
#define SYSTEM_PRODUCT_OFFSET   0x05
#define SYSTEM_UUID_OFFSET      0x08

const char *smbios_status_text(enum smbios_status s)
{
	switch (s) {
	case SMBIOS_OK:
		return "ok";
	case SMBIOS_ERR_NOT_FOUND:
		return "no SMBIOS entry point found";
	case SMBIOS_ERR_ENTRY_TRUNCATED:
		return "SMBIOS entry point truncated";
	case SMBIOS_ERR_ENTRY_LENGTH:
		return "SMBIOS entry point length out of range";
	case SMBIOS_ERR_ENTRY_CHECKSUM:
		return "SMBIOS entry point checksum mismatch";
	case SMBIOS_ERR_DMI_CHECKSUM:
		return "SMBIOS _DMI_ intermediate checksum mismatch";
	case SMBIOS_ERR_TABLE_ADDRESS:
		return "SMBIOS structure table address or length unusable";
	case SMBIOS_ERR_STRUCT_LENGTH:
		return "SMBIOS structure with formatted length below 4";
	case SMBIOS_ERR_STRUCT_TRUNCATED:
		return "SMBIOS structure runs past the table end";
	case SMBIOS_ERR_STRINGS_UNTERMINATED:
		return "SMBIOS string set not terminated before the table end";
	}
	return "unknown SMBIOS status";
}

size_t smbios_sanitize(const char *src, size_t len, char *out, size_t cap)
{
	size_t n = 0, dropped = 0;

	if (cap == 0)
		return len;
	for (size_t i = 0; i < len && src[i] != '\0'; i++) {
		char c = src[i];
		if (c < 0x20 || c > 0x7E || c == '"')
			continue;
		if (n == 0 && c == ' ')
			continue;
		if (n + 1 < cap)
			out[n++] = c;
		else
			dropped++;
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return dropped;
}

/* String number idx (1-based) of the set [set, set_end), set_end at its first
 * terminating NUL pair; NULL with *len = 0 when idx is 0 or beyond the set. */
static const char *find_string(const uint8_t *set, const uint8_t *set_end, uint8_t idx, size_t *len)
{
	*len = 0;
	if (idx == 0)
		return NULL;
	const uint8_t *p = set;
	for (uint8_t k = 1; p < set_end; k++) {
		const uint8_t *start = p;
		while (p < set_end && *p != 0)
			p++;
		if (k == idx) {
			*len = (size_t)(p - start);
			return (const char *)start;
		}
		p++; /* past the NUL */
	}
	return NULL;
}

static void take_string(const uint8_t *hdr, uint8_t slen, uint8_t field, const uint8_t *set,
			const uint8_t *set_end, char *dst, uint32_t flag, struct smbios_info *out)
{
	size_t len;
	const char *s;

	dst[0] = '\0';
	if (field >= slen)
		return; /* an older, shorter structure without this field */
	s = find_string(set, set_end, hdr[field], &len);
	if (s && smbios_sanitize(s, len, dst, SMBIOS_STRING_MAX + 1) > 0)
		out->truncated |= flag;
}

/* Type 1 UUID (DSP0134 7.2, offset 08h, 16 bytes, SMBIOS 2.1+): all 00h
 * means "not present", all FFh "present but not set"; neither identifies a
 * machine. */
static void take_uuid(const uint8_t *hdr, uint8_t slen, struct smbios_info *out)
{
	bool zeros = true, ones = true;

	if (slen < SYSTEM_UUID_OFFSET + 16)
		return;
	for (size_t i = 0; i < 16; i++) {
		out->uuid[i] = hdr[SYSTEM_UUID_OFFSET + i];
		zeros &= out->uuid[i] == 0x00;
		ones &= out->uuid[i] == 0xFF;
	}
	out->have_uuid = !zeros && !ones;
}

enum smbios_status smbios_table_read(const void *table, size_t len, uint16_t structure_count,
				     struct smbios_info *out)
{
	const uint8_t *b = table;
	size_t off = 0;

	memset(out, 0, sizeof *out);
	while (off < len) {
		if (structure_count != 0 && out->structures == structure_count)
			break;
		if (len - off < SMBIOS_HEADER_LEN)
			return SMBIOS_ERR_STRUCT_TRUNCATED;
		uint8_t type = b[off];
		uint8_t slen = b[off + 1];
		if (slen < SMBIOS_HEADER_LEN)
			return SMBIOS_ERR_STRUCT_LENGTH;
		if (slen > len - off)
			return SMBIOS_ERR_STRUCT_TRUNCATED;
		size_t set = off + slen, j = set;
		while (j + 1 < len && (b[j] != 0 || b[j + 1] != 0))
			j++;
		if (j + 1 >= len)
			return SMBIOS_ERR_STRINGS_UNTERMINATED;
		const uint8_t *hdr = b + off, *set_p = b + set, *set_end = b + j + 1;

		if (type == SMBIOS_TYPE_BIOS && !out->have_bios) {
			out->have_bios = true;
			take_string(hdr, slen, BIOS_VENDOR_OFFSET, set_p, set_end, out->bios_vendor,
				    SMBIOS_FIELD_BIOS_VENDOR, out);
			take_string(hdr, slen, BIOS_VERSION_OFFSET, set_p, set_end, out->bios_version,
				    SMBIOS_FIELD_BIOS_VERSION, out);
			take_string(hdr, slen, BIOS_DATE_OFFSET, set_p, set_end, out->bios_date,
				    SMBIOS_FIELD_BIOS_DATE, out);
		} else if (type == SMBIOS_TYPE_SYSTEM && !out->have_system) {
			out->have_system = true;
			take_string(hdr, slen, SYSTEM_VENDOR_OFFSET, set_p, set_end, out->system_vendor,
				    SMBIOS_FIELD_SYSTEM_VENDOR, out);
			take_string(hdr, slen, SYSTEM_PRODUCT_OFFSET, set_p, set_end, out->system_product,
				    SMBIOS_FIELD_SYSTEM_PRODUCT, out);
			take_uuid(hdr, slen, out);
		}
		out->structures++;
		if (type == SMBIOS_TYPE_END)
			break;
		off = j + 2;
	}
	return SMBIOS_OK;
}

enum smbios_status smbios_read(const struct smbios_entry *e, smbios_map_fn map, void *ctx,
			       struct smbios_info *out)
{
	memset(out, 0, sizeof *out);
	if (e->table_phys == 0 || e->table_len == 0)
		return SMBIOS_ERR_TABLE_ADDRESS;
	const void *table = map(ctx, e->table_phys, e->table_len);
	if (!table)
		return SMBIOS_ERR_TABLE_ADDRESS;
	return smbios_table_read(table, e->table_len, e->structure_count, out);
}

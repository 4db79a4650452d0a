/* SMBIOS entry points (DMTF DSP0134 3.x, 5.2.1 "SMBIOS 2.1 (32-bit) Entry
 * Point", 5.2.2 "SMBIOS 3.0 (64-bit) Entry Point"; the bare "_DMI_" form is
 * DMI 2.0's, still found by dmidecode on very old boards). */
#include "platform/smbios/smbios.h"

#include "lib/mem.h"

/* 32-bit entry point layout. */
#define EP32_CHECKSUM      0x04
#define EP32_LENGTH        0x05
#define EP32_MAJOR         0x06
#define EP32_MINOR         0x07
#define EP32_DMI_ANCHOR    0x10
#define EP32_DMI_LENGTH    15   /* 10h..1Eh is checksummed by the intermediate checksum */
#define EP32_TABLE_LEN     0x16
#define EP32_TABLE_ADDR    0x18
#define EP32_COUNT         0x1C
#define EP32_MIN_LENGTH    0x1E /* 2.1 spec text said 1Eh by mistake; real firmware uses both */
#define EP32_MAX_LENGTH    0x20

/* 64-bit entry point layout. */
#define EP64_CHECKSUM      0x05
#define EP64_LENGTH        0x06
#define EP64_MAJOR         0x07
#define EP64_MINOR         0x08
#define EP64_TABLE_MAX     0x0C
#define EP64_TABLE_ADDR    0x10
#define EP64_MIN_LENGTH    0x18

/* Legacy "_DMI_" entry point (15 bytes). */
#define DMI_TABLE_LEN      0x06
#define DMI_TABLE_ADDR     0x08
#define DMI_COUNT          0x0C
#define DMI_BCD_REVISION   0x0E

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | ((uint64_t)rd32(p + 4) << 32);
}

static uint8_t sum(const uint8_t *p, size_t n)
{
	uint8_t s = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return s;
}

static enum smbios_status parse_legacy(const uint8_t *b, size_t avail, struct smbios_entry *out)
{
	if (avail < EP32_DMI_LENGTH)
		return SMBIOS_ERR_ENTRY_TRUNCATED;
	if (sum(b, EP32_DMI_LENGTH) != 0)
		return SMBIOS_ERR_DMI_CHECKSUM;
	out->kind = SMBIOS_ENTRY_LEGACY;
	out->major = b[DMI_BCD_REVISION] >> 4;
	out->minor = b[DMI_BCD_REVISION] & 0xF;
	out->table_len = rd16(b + DMI_TABLE_LEN);
	out->table_phys = rd32(b + DMI_TABLE_ADDR);
	out->structure_count = rd16(b + DMI_COUNT);
	return SMBIOS_OK;
}

static enum smbios_status parse_32(const uint8_t *b, size_t avail, struct smbios_entry *out)
{
	if (avail < EP32_LENGTH + 1)
		return SMBIOS_ERR_ENTRY_TRUNCATED;
	uint8_t len = b[EP32_LENGTH];
	if (len < EP32_MIN_LENGTH || len > EP32_MAX_LENGTH)
		return SMBIOS_ERR_ENTRY_LENGTH;
	if (avail < len)
		return SMBIOS_ERR_ENTRY_TRUNCATED;
	if (sum(b, len) != 0)
		return SMBIOS_ERR_ENTRY_CHECKSUM;
	if (memcmp(b + EP32_DMI_ANCHOR, "_DMI_", 5) != 0 || sum(b + EP32_DMI_ANCHOR, EP32_DMI_LENGTH) != 0)
		return SMBIOS_ERR_DMI_CHECKSUM;
	out->kind = SMBIOS_ENTRY_32;
	out->major = b[EP32_MAJOR];
	out->minor = b[EP32_MINOR];
	out->table_len = rd16(b + EP32_TABLE_LEN);
	out->table_phys = rd32(b + EP32_TABLE_ADDR);
	out->structure_count = rd16(b + EP32_COUNT);
	return SMBIOS_OK;
}

static enum smbios_status parse_64(const uint8_t *b, size_t avail, struct smbios_entry *out)
{
	if (avail < EP64_LENGTH + 1)
		return SMBIOS_ERR_ENTRY_TRUNCATED;
	uint8_t len = b[EP64_LENGTH];
	if (len < EP64_MIN_LENGTH)
		return SMBIOS_ERR_ENTRY_LENGTH;
	if (avail < len)
		return SMBIOS_ERR_ENTRY_TRUNCATED;
	if (sum(b, len) != 0)
		return SMBIOS_ERR_ENTRY_CHECKSUM;
	out->kind = SMBIOS_ENTRY_64;
	out->major = b[EP64_MAJOR];
	out->minor = b[EP64_MINOR];
	out->table_len = rd32(b + EP64_TABLE_MAX);
	out->table_phys = rd64(b + EP64_TABLE_ADDR);
	out->structure_count = 0;
	return SMBIOS_OK;
}

enum smbios_status smbios_entry_parse(const void *p, size_t avail, struct smbios_entry *out)
{
	const uint8_t *b = p;
	enum smbios_status st;

	memset(out, 0, sizeof *out);
	if (avail >= 5 && !memcmp(b, "_SM3_", 5))
		st = parse_64(b, avail, out);
	else if (avail >= 4 && !memcmp(b, "_SM_", 4))
		st = parse_32(b, avail, out);
	else if (avail >= 5 && !memcmp(b, "_DMI_", 5))
		st = parse_legacy(b, avail, out);
	else
		return SMBIOS_ERR_NOT_FOUND;
	if (st == SMBIOS_OK && (out->table_phys == 0 || out->table_len == 0))
		st = SMBIOS_ERR_TABLE_ADDRESS;
	if (st != SMBIOS_OK)
		memset(out, 0, sizeof *out);
	return st;
}

/* Rank of a valid entry kind: lower is preferred. */
static int preference(enum smbios_entry_kind k)
{
	return k == SMBIOS_ENTRY_64 ? 0 : k == SMBIOS_ENTRY_32 ? 1 : 2;
}

enum smbios_status smbios_entry_scan(const void *region, size_t len, struct smbios_entry *out,
				     size_t *offset)
{
	const uint8_t *b = region;
	enum smbios_status first_error = SMBIOS_ERR_NOT_FOUND;
	bool found = false;
	struct smbios_entry cand;

	memset(out, 0, sizeof *out);
	for (size_t off = 0; off + 4 <= len; off += 16) {
		enum smbios_status st = smbios_entry_parse(b + off, len - off, &cand);
		if (st == SMBIOS_ERR_NOT_FOUND)
			continue;
		if (st != SMBIOS_OK) {
			if (first_error == SMBIOS_ERR_NOT_FOUND)
				first_error = st;
			continue;
		}
		/* The "_DMI_" inside a valid "_SM_" sits at +10h: a 16-byte step
		 * lands on it, but the "_SM_" already covers it (higher rank). */
		if (!found || preference(cand.kind) < preference(out->kind)) {
			*out = cand;
			if (offset)
				*offset = off;
			found = true;
		}
	}
	return found ? SMBIOS_OK : first_error;
}

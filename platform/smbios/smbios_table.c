/* SMBIOS structure table walk (DMTF DSP0134 3.x, 6.1.2 "Structure header
 * format": type, length of the formatted area (>= 4), handle; 6.1.3 "Text
 * strings": NUL-terminated strings after the formatted area, the set ending in
 * a double NUL, string number 0 meaning "none"). Every offset is checked
 * against the table end; a zero or short length stops the walk with an error
 * instead of looping (dmidecode stops the same way). */
#include "platform/smbios/smbios.h"

#include "lib/hash64.h"
#include "lib/mem.h"

#define SMBIOS_TYPE_BIOS        0
#define SMBIOS_TYPE_SYSTEM      1
#define SMBIOS_TYPE_BASEBOARD   2
#define SMBIOS_TYPE_MEMORY_ARRAY 16
#define SMBIOS_TYPE_MEMORY_DEVICE 17
/* Type 16 (7.17 "Physical Memory Array"): Use (05h, 2.1), 7.17.2: 03h = System memory. */
#define MEMARRAY_USE_OFFSET      0x05
#define MEMARRAY_USE_SYSTEM      0x03
#define SMBIOS_TYPE_IPMI        38
#define SMBIOS_TYPE_END         127
#define SMBIOS_HEADER_LEN       4

/* Type 0 (7.1 "BIOS Information") and type 1 (7.2 "System Information") string fields. */
#define BIOS_VENDOR_OFFSET      0x04
#define BIOS_VERSION_OFFSET     0x05
#define BIOS_DATE_OFFSET        0x08
#define SYSTEM_VENDOR_OFFSET    0x04
#define SYSTEM_PRODUCT_OFFSET   0x05
#define SYSTEM_UUID_OFFSET      0x08
#define SYSTEM_SERIAL_OFFSET    0x07 /* DSP0134 7.2: Serial Number string */
#define BOARD_VENDOR_OFFSET     0x04 /* DSP0134 7.3: Manufacturer */
#define BOARD_PRODUCT_OFFSET    0x05 /* DSP0134 7.3: Product */

/* Type 17 (7.18 "Memory Device") fields, with the version that added each: a
 * structure from an older firmware is shorter and lacks the later ones. */
#define MEMDEV_ARRAY_OFFSET      0x04 /* WORD, 2.1: Physical Memory Array Handle */
#define MEMDEV_SIZE_OFFSET       0x0C /* WORD, 2.1 */
#define MEMDEV_TYPE_OFFSET       0x12 /* BYTE, 2.1: Memory Type, 7.18.2 */
#define MEMDEV_SPEED_OFFSET      0x15 /* WORD, 2.3: Speed (the device's maximum) */
#define MEMDEV_EXT_SIZE_OFFSET   0x1C /* DWORD, 2.7: Extended Size */
#define MEMDEV_CONF_SPEED_OFFSET 0x20 /* WORD, 2.7: Configured Memory Speed */
#define MEMDEV_EXT_SPEED_OFFSET  0x54 /* DWORD, 3.3: Extended Speed */
#define MEMDEV_EXT_CONF_SPEED_OFFSET 0x58 /* DWORD, 3.3: Extended Configured Memory Speed */
/* Size (7.18, the Size and Extended Size rows): 0 = no device installed,
 * FFFFh = unknown, 7FFFh = the size is in Extended Size (bits 30:0, MiB;
 * before 2.7, 7FFFh meant 32767 MiB, as dmidecode reads a structure too short
 * for the field); otherwise bits 14:0 in the unit bit 15 selects, 0 = MiB,
 * 1 = KiB. */
#define MEMDEV_SIZE_NONE         0x0000
#define MEMDEV_SIZE_UNKNOWN      0xFFFF
#define MEMDEV_SIZE_SEE_EXTENDED 0x7FFF
#define MEMDEV_SIZE_IN_KIB       0x8000
#define MEMDEV_SIZE_VALUE        0x7FFF
#define MEMDEV_EXT_VALUE         0x7FFFFFFFu /* bit 31 of the extended fields is reserved */
/* Speed and Configured Memory Speed: MT/s (DSP0134 before 3.1.0 named the unit
 * MHz; the number is recorded as given), 0 = unknown, FFFFh = the value is in
 * the matching extended field (3.3+, bits 30:0). */
#define MEMDEV_SPEED_UNKNOWN     0x0000
#define MEMDEV_SPEED_SEE_EXTENDED 0xFFFF

/* Type 38 (7.39 "IPMI Device Information") fields. The structure is 10h bytes
 * through Base Address, 12h with the Base Address Modifier / Interrupt Info
 * and Interrupt Number bytes (7.39: "if the length is 10h, these fields are
 * not present"). */
#define IPMI_INTERFACE_OFFSET    0x04 /* BYTE, 7.39.1 */
#define IPMI_REVISION_OFFSET     0x05 /* BYTE, BCD: 7:4 major, 3:0 minor */
#define IPMI_I2C_OFFSET          0x06 /* BYTE: I2C Target Address */
#define IPMI_NV_OFFSET           0x07 /* BYTE: NV Storage Device Address, FFh = none */
#define IPMI_BASE_OFFSET         0x08 /* QWORD: bit 0 = 1 I/O space, 0 memory-mapped */
#define IPMI_MODIFIER_OFFSET     0x10 /* BYTE: 7:6 register spacing, 4 address LS-bit,
                                       * 3 interrupt info specified, 1 polarity
                                       * (1 = active high), 0 trigger (1 = level) */
#define IPMI_IRQ_OFFSET          0x11 /* BYTE: Interrupt Number, 00h = none */
#define IPMI_BASE_LEN            0x10
#define IPMI_FULL_LEN            0x12
#define IPMI_MOD_SPACING_SHIFT   6
#define IPMI_MOD_LSBIT           0x10
#define IPMI_MOD_IRQ_INFO        0x08
#define IPMI_MOD_ACTIVE_HIGH     0x02
#define IPMI_MOD_LEVEL           0x01

/* 7.18.2 Memory Type values: the DDR generations plus what hypervisors and
 * older firmware report (QEMU's type 17 says RAM). */
static const struct {
	uint8_t type;
	const char *name;
} memory_types[] = {
	{ 0x01, "Other" },  { 0x02, "Unknown" }, { 0x03, "DRAM" },   { 0x07, "RAM" },
	{ 0x0F, "SDRAM" },  { 0x12, "DDR" },     { 0x13, "DDR2" },   { 0x18, "DDR3" },
	{ 0x1A, "DDR4" },   { 0x1B, "LPDDR" },   { 0x1C, "LPDDR2" }, { 0x1D, "LPDDR3" },
	{ 0x1E, "LPDDR4" }, { 0x22, "DDR5" },    { 0x23, "LPDDR5" },
};

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

/* Type 1 Serial Number (DSP0134 7.2, offset 07h): only its hash is kept, so
 * no code after the walk can print it (machine_id takes the hash). */
static void take_serial_hash(const uint8_t *hdr, uint8_t slen, const uint8_t *set, const uint8_t *set_end,
			     struct smbios_info *out)
{
	size_t len;

	if (SYSTEM_SERIAL_OFFSET >= slen)
		return;
	const char *s = find_string(set, set_end, hdr[SYSTEM_SERIAL_OFFSET], &len);
	if (!s || !len)
		return;
	out->have_serial = true;
	out->serial_hash = hash64_bytes(HASH64_INIT, s, len);
}

const char *smbios_memory_type_name(uint8_t type)
{
	for (size_t i = 0; i < sizeof memory_types / sizeof memory_types[0]; i++)
		if (memory_types[i].type == type)
			return memory_types[i].name;
	return NULL;
}

/* Little-endian fields (DSP0134 5.1: all structure fields are little-endian). */
static uint16_t read_word(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t read_dword(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A type 17 device's size in KiB; 0 when the slot is empty, the size unknown
 * or the structure too short to hold it. */
static uint64_t memdev_size_kib(const uint8_t *hdr, uint8_t slen)
{
	if (slen < MEMDEV_SIZE_OFFSET + 2)
		return 0;
	uint16_t size = read_word(hdr + MEMDEV_SIZE_OFFSET);
	if (size == MEMDEV_SIZE_NONE || size == MEMDEV_SIZE_UNKNOWN)
		return 0;
	if (size == MEMDEV_SIZE_SEE_EXTENDED && slen >= MEMDEV_EXT_SIZE_OFFSET + 4)
		return (uint64_t)(read_dword(hdr + MEMDEV_EXT_SIZE_OFFSET) & MEMDEV_EXT_VALUE) * 1024;
	if (size & MEMDEV_SIZE_IN_KIB)
		return size & MEMDEV_SIZE_VALUE;
	return (uint64_t)size * 1024;
}

/* A speed WORD at offset, or its extended DWORD at ext_offset when the WORD
 * says FFFFh; 0 (unknown) when the structure is too short for either. */
static uint32_t memdev_speed(const uint8_t *hdr, uint8_t slen, uint8_t offset, uint8_t ext_offset)
{
	if (slen < offset + 2)
		return 0;
	uint16_t speed = read_word(hdr + offset);
	if (speed != MEMDEV_SPEED_SEE_EXTENDED)
		return speed;
	if (slen < ext_offset + 4)
		return 0;
	return read_dword(hdr + ext_offset) & MEMDEV_EXT_VALUE;
}

/* Add one type 17 structure to the summary; *total_kib carries the exact sum. */
static void take_memory_device(const uint8_t *hdr, uint8_t slen, uint64_t *total_kib, struct smbios_info *out)
{
	out->memory_devices++;
	uint64_t kib = memdev_size_kib(hdr, slen);
	if (kib == 0)
		return;
	out->dimms_populated++;
	*total_kib += kib;
	out->memory_total_mib = *total_kib / 1024;
	if (out->dimms_populated == 1 && slen > MEMDEV_TYPE_OFFSET)
		out->memory_type = hdr[MEMDEV_TYPE_OFFSET];
	/* The configured speed is what the memory controller runs; Speed is the
	 * module's rated maximum, the best remaining answer before 2.7. */
	uint32_t speed = memdev_speed(hdr, slen, MEMDEV_CONF_SPEED_OFFSET, MEMDEV_EXT_CONF_SPEED_OFFSET);
	if (speed == MEMDEV_SPEED_UNKNOWN)
		speed = memdev_speed(hdr, slen, MEMDEV_SPEED_OFFSET, MEMDEV_EXT_SPEED_OFFSET);
	if (speed == MEMDEV_SPEED_UNKNOWN)
		return;
	if (out->memory_speed_min_mts == 0 || speed < out->memory_speed_min_mts)
		out->memory_speed_min_mts = speed;
	if (speed > out->memory_speed_max_mts)
		out->memory_speed_max_mts = speed;
}

const char *smbios_ipmi_interface_name(uint8_t interface)
{
	switch (interface) {
	case SMBIOS_IPMI_UNKNOWN:
		return "unknown";
	case SMBIOS_IPMI_KCS:
		return "kcs";
	case SMBIOS_IPMI_SMIC:
		return "smic";
	case SMBIOS_IPMI_BT:
		return "bt";
	case SMBIOS_IPMI_SSIF:
		return "ssif";
	}
	return NULL;
}

/* Type 38 (7.39). The Base Address's bit 0 says the space, not the address:
 * the address's own bit 0 is the modifier's LS-bit (bit 4), 0 when the
 * structure is too short to hold it. For SSIF the field holds the BMC's SMBus
 * target address (kept as stored; Linux's ipmi_dmi.c takes its low byte >> 1). */
static void take_ipmi(const uint8_t *hdr, uint8_t slen, struct smbios_ipmi *out)
{
	uint64_t base = (uint64_t)read_dword(hdr + IPMI_BASE_OFFSET) |
			(uint64_t)read_dword(hdr + IPMI_BASE_OFFSET + 4) << 32;
	static const uint8_t spacing[4] = { 1, 4, 16, 0 };

	out->interface = hdr[IPMI_INTERFACE_OFFSET];
	out->spec_major = hdr[IPMI_REVISION_OFFSET] >> 4;
	out->spec_minor = hdr[IPMI_REVISION_OFFSET] & 0x0F;
	out->i2c_addr = hdr[IPMI_I2C_OFFSET];
	out->nv_addr = hdr[IPMI_NV_OFFSET];
	out->have_modifier = slen >= IPMI_FULL_LEN;
	uint8_t mod = out->have_modifier ? hdr[IPMI_MODIFIER_OFFSET] : 0;
	if (out->interface == SMBIOS_IPMI_SSIF) {
		out->space = SMBIOS_IPMI_SPACE_SMBUS;
		out->base = base;
	} else if (slen <= IPMI_MODIFIER_OFFSET) {
		/* The old 10h-byte format: Linux's ipmi_dmi.c (dmi_decode_ipmi) ignores
		 * the space bit there and takes I/O, because "many systems get that
		 * wrong (and all that I have seen are I/O)"; so do we, and say so. */
		out->space = SMBIOS_IPMI_SPACE_IO;
		out->space_assumed = true;
		out->base = base & ~(uint64_t)1;
	} else {
		out->space = base & 1 ? SMBIOS_IPMI_SPACE_IO : SMBIOS_IPMI_SPACE_MEM;
		out->base = (base & ~(uint64_t)1) | (mod & IPMI_MOD_LSBIT ? 1 : 0);
	}
	/* Linux takes no IPMI interface from a register interface at address 0
	 * (ipmi_dmi.c, "Ignore IPMI SMBIOS entries with a zero base address");
	 * firmware of boards with an optional BMC ships such entries. */
	out->base_zero = out->interface != SMBIOS_IPMI_SSIF && out->base == 0;
	/* For SSIF the modifier's spacing and interrupt bits describe no
	 * register block (the BMC is on SMBus): left undecoded. */
	if (!out->have_modifier || out->interface == SMBIOS_IPMI_SSIF)
		return;
	out->reg_spacing = spacing[mod >> IPMI_MOD_SPACING_SHIFT];
	out->irq_info = mod & IPMI_MOD_IRQ_INFO;
	out->irq_level = mod & IPMI_MOD_LEVEL;
	out->irq_active_high = mod & IPMI_MOD_ACTIVE_HIGH;
	out->irq = hdr[IPMI_IRQ_OFFSET];
}

/* Frame the structure at off: its string-set start *set and the offset of the
 * next structure *next (after the double NUL). */
static enum smbios_status frame_structure(const uint8_t *b, size_t len, size_t off, size_t *set, size_t *next)
{
	if (len - off < SMBIOS_HEADER_LEN)
		return SMBIOS_ERR_STRUCT_TRUNCATED;
	uint8_t slen = b[off + 1];
	if (slen < SMBIOS_HEADER_LEN)
		return SMBIOS_ERR_STRUCT_LENGTH;
	if (slen > len - off)
		return SMBIOS_ERR_STRUCT_TRUNCATED;
	size_t j = off + slen;
	while (j + 1 < len && (b[j] != 0 || b[j + 1] != 0))
		j++;
	if (j + 1 >= len)
		return SMBIOS_ERR_STRINGS_UNTERMINATED;
	*set = off + slen;
	*next = j + 2;
	return SMBIOS_OK;
}

/* The handles of the type 16 Physical Memory Arrays whose Use (05h) is not
 * System memory (03h): video, flash, NVRAM or cache memory, whose type 17
 * devices are no DIMMs of the machine's RAM. Walks as smbios_table_read does
 * and stops quietly where that walk would report an error. */
static size_t other_arrays(const uint8_t *b, size_t len, uint16_t structure_count, uint16_t *handle, size_t max)
{
	size_t off = 0, n = 0, set, next;
	for (uint32_t walked = 0; off < len && (structure_count == 0 || walked < structure_count); walked++) {
		if (frame_structure(b, len, off, &set, &next) != SMBIOS_OK)
			break;
		uint8_t type = b[off], slen = b[off + 1];
		if (type == SMBIOS_TYPE_MEMORY_ARRAY && slen > MEMARRAY_USE_OFFSET &&
		    b[off + MEMARRAY_USE_OFFSET] != MEMARRAY_USE_SYSTEM && n < max)
			handle[n++] = read_word(b + off + 2);
		if (type == SMBIOS_TYPE_END)
			break;
		off = next;
	}
	return n;
}

/* Whether type 17 structure hdr belongs to one of the n arrays in handle. */
static bool in_other_array(const uint8_t *hdr, uint8_t slen, const uint16_t *handle, size_t n)
{
	if (slen < MEMDEV_ARRAY_OFFSET + 2)
		return false;
	uint16_t array = read_word(hdr + MEMDEV_ARRAY_OFFSET);
	for (size_t i = 0; i < n; i++)
		if (handle[i] == array)
			return true;
	return false;
}

enum smbios_status smbios_table_read(const void *table, size_t len, uint16_t structure_count,
				     struct smbios_info *out)
{
	const uint8_t *b = table;
	size_t off = 0;
	uint64_t memory_total_kib = 0;
	uint16_t other[SMBIOS_OTHER_ARRAYS_MAX];

	memset(out, 0, sizeof *out);
	size_t n_other = other_arrays(b, len, structure_count, other, SMBIOS_OTHER_ARRAYS_MAX);
	while (off < len) {
		if (structure_count != 0 && out->structures == structure_count)
			break;
		size_t set, next;
		enum smbios_status st = frame_structure(b, len, off, &set, &next);
		if (st != SMBIOS_OK)
			return st;
		uint8_t type = b[off];
		uint8_t slen = b[off + 1];
		const uint8_t *hdr = b + off, *set_p = b + set, *set_end = b + next - 1;

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
			take_serial_hash(hdr, slen, set_p, set_end, out);
		} else if (type == SMBIOS_TYPE_BASEBOARD && !out->have_board) {
			out->have_board = true;
			take_string(hdr, slen, BOARD_VENDOR_OFFSET, set_p, set_end, out->board_vendor,
				    SMBIOS_FIELD_BOARD_VENDOR, out);
			take_string(hdr, slen, BOARD_PRODUCT_OFFSET, set_p, set_end, out->board_product,
				    SMBIOS_FIELD_BOARD_PRODUCT, out);
		} else if (type == SMBIOS_TYPE_IPMI && slen >= IPMI_BASE_LEN) {
			if (out->ipmi_devices++ == 0)
				take_ipmi(hdr, slen, &out->ipmi);
		} else if (type == SMBIOS_TYPE_MEMORY_DEVICE && in_other_array(hdr, slen, other, n_other)) {
			out->memory_devices_other++;
		} else if (type == SMBIOS_TYPE_MEMORY_DEVICE) {
			take_memory_device(hdr, slen, &memory_total_kib, out);
		}
		out->structures++;
		if (type == SMBIOS_TYPE_END)
			break;
		off = next;
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

#define _GNU_SOURCE /* memmem */
/* SMBIOS entry point validation, strict table walking and string extraction on
 * crafted tables. The "realistic" table mirrors what QEMU's SMBIOS code
 * (hw/smbios/smbios.c defaults, SeaBIOS type 0) publishes for `-M pc`:
 * BIOS vendor "SeaBIOS", date "04/01/2014", manufacturer "QEMU", product
 * "Standard PC (i440FX + PIIX, 1996)"; the QEMU boot tests check the live one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/hash64.h"
#include "platform/smbios/smbios.h"

static uint8_t buf[4096];
static size_t len;

static void put(const void *p, size_t n)
{
	memcpy(buf + len, p, n);
	len += n;
}

/* Append one structure: formatted area (type, length, handle, body) then strings. */
static void add_struct(uint8_t type, uint16_t handle, const uint8_t *body, uint8_t body_len,
		       const char *const *strings, size_t nstrings)
{
	uint8_t hdr[4] = { type, (uint8_t)(4 + body_len), (uint8_t)handle, (uint8_t)(handle >> 8) };
	put(hdr, 4);
	put(body, body_len);
	for (size_t i = 0; i < nstrings; i++)
		put(strings[i], strlen(strings[i]) + 1);
	if (nstrings == 0)
		put("\0", 1);
	put("\0", 1);
}

static void build_qemu_like_table(void)
{
	/* Type 0: Vendor=1, Version=2, Start seg F000, Release date=3, ROM size, characteristics... */
	static const uint8_t t0[] = { 1, 2, 0x00, 0xE8, 3, 0, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0 };
	static const char *const s0[] = { "SeaBIOS", "1.16.2-debian-1.16.2-1", "04/01/2014" };
	/* Type 1: Manufacturer=1, Product=2, Version=3, Serial=0, UUID, wake-up, SKU, family. */
	static const uint8_t t1[23] = { 1, 2, 3, 0 };
	static const char *const s1[] = { "QEMU", "Standard PC (i440FX + PIIX, 1996)", "pc-i440fx-7.2" };
	static const uint8_t t3[17] = { 1, 0x01 };
	static const char *const s3[] = { "QEMU" };
	len = 0;
	add_struct(0, 0, t0, sizeof t0, s0, 3);
	add_struct(1, 0x100, t1, sizeof t1, s1, 3);
	add_struct(3, 0x300, t3, sizeof t3, s3, 1);
	add_struct(127, 0x7F00, NULL, 0, NULL, 0);
}

static uint8_t checksum(const uint8_t *p, size_t n)
{
	uint8_t s = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return (uint8_t)(0x100 - s);
}

static void make_ep32(uint8_t *ep, uint32_t table_addr, uint16_t table_len, uint16_t count)
{
	memset(ep, 0, 0x1F);
	memcpy(ep, "_SM_", 4);
	ep[0x05] = 0x1F;
	ep[0x06] = 2;
	ep[0x07] = 8;
	memcpy(ep + 0x10, "_DMI_", 5);
	ep[0x16] = (uint8_t)table_len;
	ep[0x17] = (uint8_t)(table_len >> 8);
	memcpy(ep + 0x18, &table_addr, 4);
	ep[0x1C] = (uint8_t)count;
	ep[0x1E] = 0x28;
	ep[0x15] = checksum(ep + 0x10, 15);
	ep[0x04] = checksum(ep, 0x1F);
}

static void make_ep64(uint8_t *ep, uint64_t table_addr, uint32_t table_max)
{
	memset(ep, 0, 0x18);
	memcpy(ep, "_SM3_", 5);
	ep[0x06] = 0x18;
	ep[0x07] = 3;
	ep[0x08] = 2;
	ep[0x0A] = 1;
	memcpy(ep + 0x0C, &table_max, 4);
	memcpy(ep + 0x10, &table_addr, 8);
	ep[0x05] = checksum(ep, 0x18);
}

/* Map callback over buf at a pretend physical address. */
#define TABLE_PHYS 0x000F5A00u
static const void *map_buf(void *ctx, uint64_t phys, uint64_t n)
{
	(void)ctx;
	if (phys != TABLE_PHYS || n > len)
		return NULL;
	return buf;
}

static void test_qemu_like_table_extracts_the_five_strings(void **state)
{
	struct smbios_info info;
	(void)state;
	build_qemu_like_table();
	assert_int_equal(smbios_table_read(buf, len, 4, &info), SMBIOS_OK);
	assert_true(info.have_bios);
	assert_true(info.have_system);
	assert_string_equal(info.bios_vendor, "SeaBIOS");
	assert_string_equal(info.bios_version, "1.16.2-debian-1.16.2-1");
	assert_string_equal(info.bios_date, "04/01/2014");
	assert_string_equal(info.system_vendor, "QEMU");
	assert_string_equal(info.system_product, "Standard PC (i440FX + PIIX, 1996)");
	assert_int_equal(info.structures, 4);
	assert_int_equal(info.truncated, 0);
	assert_int_equal(info.memory_devices, 0);
	assert_int_equal(info.dimms_populated, 0);
	assert_int_equal(info.memory_total_mib, 0);
}

static void test_entry32_scan_then_read_through_map(void **state)
{
	uint8_t region[0x100] = { 0 };
	struct smbios_entry e;
	struct smbios_info info;
	size_t off = 0;
	(void)state;
	build_qemu_like_table();
	make_ep32(region + 0x40, TABLE_PHYS, (uint16_t)len, 4);
	assert_int_equal(smbios_entry_scan(region, sizeof region, &e, &off), SMBIOS_OK);
	assert_int_equal(off, 0x40);
	assert_int_equal(e.kind, SMBIOS_ENTRY_32);
	assert_int_equal(e.major, 2);
	assert_int_equal(e.minor, 8);
	assert_int_equal(e.table_phys, TABLE_PHYS);
	assert_int_equal(e.table_len, len);
	assert_int_equal(e.structure_count, 4);
	assert_int_equal(smbios_read(&e, map_buf, NULL, &info), SMBIOS_OK);
	assert_string_equal(info.system_vendor, "QEMU");
}

static void test_entry64_preferred_over_entry32(void **state)
{
	uint8_t region[0x100] = { 0 };
	struct smbios_entry e;
	size_t off = 0;
	(void)state;
	make_ep32(region + 0x00, TABLE_PHYS, 100, 4);
	make_ep64(region + 0x80, 0x7FF00000ull, 0x1000);
	assert_int_equal(smbios_entry_scan(region, sizeof region, &e, &off), SMBIOS_OK);
	assert_int_equal(e.kind, SMBIOS_ENTRY_64);
	assert_int_equal(off, 0x80);
	assert_int_equal(e.major, 3);
	assert_int_equal(e.minor, 2);
	assert_int_equal(e.table_phys, 0x7FF00000ull);
	assert_int_equal(e.table_len, 0x1000);
	assert_int_equal(e.structure_count, 0);
}

static void test_entry_bad_checksums_are_named(void **state)
{
	uint8_t ep[0x20];
	struct smbios_entry e;
	(void)state;
	make_ep32(ep, TABLE_PHYS, 100, 4);
	ep[0x07] ^= 1; /* breaks the outer checksum only */
	assert_int_equal(smbios_entry_parse(ep, sizeof ep, &e), SMBIOS_ERR_ENTRY_CHECKSUM);
	make_ep32(ep, TABLE_PHYS, 100, 4);
	ep[0x18] ^= 1; /* breaks the _DMI_ checksum, outer fixed up again */
	ep[0x04] = 0;
	ep[0x04] = checksum(ep, 0x1F);
	assert_int_equal(smbios_entry_parse(ep, sizeof ep, &e), SMBIOS_ERR_DMI_CHECKSUM);
	assert_string_equal(smbios_status_text(SMBIOS_ERR_DMI_CHECKSUM),
			    "SMBIOS _DMI_ intermediate checksum mismatch");
	make_ep64(ep, 0x1000, 0x100);
	ep[0x09] = 7;
	assert_int_equal(smbios_entry_parse(ep, sizeof ep, &e), SMBIOS_ERR_ENTRY_CHECKSUM);
	/* Scan reports the bad anchor's error rather than "not found". */
	uint8_t region[0x40] = { 0 };
	memcpy(region + 0x10, ep, 0x18);
	assert_int_equal(smbios_entry_scan(region, sizeof region, &e, NULL), SMBIOS_ERR_ENTRY_CHECKSUM);
}

static void test_entry_truncated_and_not_found(void **state)
{
	uint8_t ep[0x20];
	uint8_t empty[0x40] = { 0 };
	struct smbios_entry e;
	(void)state;
	make_ep32(ep, TABLE_PHYS, 100, 4);
	assert_int_equal(smbios_entry_parse(ep, 0x10, &e), SMBIOS_ERR_ENTRY_TRUNCATED);
	assert_int_equal(smbios_entry_scan(empty, sizeof empty, &e, NULL), SMBIOS_ERR_NOT_FOUND);
	make_ep32(ep, 0, 100, 4);
	assert_int_equal(smbios_entry_parse(ep, sizeof ep, &e), SMBIOS_ERR_TABLE_ADDRESS);
}

static void test_legacy_dmi_entry(void **state)
{
	uint8_t ep[16] = { '_', 'D', 'M', 'I', '_', 0, 0x40, 0, 0x00, 0x5A, 0x0F, 0, 3, 0, 0x20 };
	struct smbios_entry e;
	(void)state;
	ep[5] = checksum(ep, 15);
	assert_int_equal(smbios_entry_parse(ep, sizeof ep, &e), SMBIOS_OK);
	assert_int_equal(e.kind, SMBIOS_ENTRY_LEGACY);
	assert_int_equal(e.major, 2);
	assert_int_equal(e.minor, 0);
	assert_int_equal(e.table_phys, 0x000F5A00u);
	assert_int_equal(e.table_len, 0x40);
	assert_int_equal(e.structure_count, 3);
}

static void test_zero_length_structure_stops_walk_with_error(void **state)
{
	struct smbios_info info;
	(void)state;
	len = 0;
	static const uint8_t t0[] = { 1, 2, 0, 0xE8, 3 };
	static const char *const s0[] = { "Vendor", "1.0", "01/02/2003" };
	add_struct(0, 0, t0, sizeof t0, s0, 3);
	buf[len++] = 1; /* type 1 with length 0 */
	buf[len++] = 0;
	buf[len++] = 0;
	buf[len++] = 0;
	memset(buf + len, 0, 16);
	len += 16;
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_ERR_STRUCT_LENGTH);
	/* What came before the bad structure is kept. */
	assert_true(info.have_bios);
	assert_string_equal(info.bios_vendor, "Vendor");
	assert_false(info.have_system);
}

static void test_unterminated_strings_detected(void **state)
{
	struct smbios_info info;
	(void)state;
	build_qemu_like_table();
	/* Cut inside the type 1 string set. */
	size_t cut = 0;
	for (size_t i = 0; i + 4 <= len; i++)
		if (!memcmp(buf + i, "QEMU", 4)) {
			cut = i + 2;
			break;
		}
	assert_true(cut > 0);
	assert_int_equal(smbios_table_read(buf, cut, 0, &info), SMBIOS_ERR_STRINGS_UNTERMINATED);
	assert_true(info.have_bios);
	assert_false(info.have_system);
}

static void test_truncated_formatted_area_detected(void **state)
{
	struct smbios_info info;
	uint8_t t[6] = { 1, 27, 0x00, 0x01, 1, 2 };
	(void)state;
	assert_int_equal(smbios_table_read(t, sizeof t, 0, &info), SMBIOS_ERR_STRUCT_TRUNCATED);
	assert_int_equal(smbios_table_read(t, 3, 0, &info), SMBIOS_ERR_STRUCT_TRUNCATED);
}

static void test_walk_stops_at_structure_count_and_type_127(void **state)
{
	struct smbios_info info;
	(void)state;
	build_qemu_like_table();
	/* Garbage after the table end must not be read. */
	memset(buf + len, 0xFF, 8);
	assert_int_equal(smbios_table_read(buf, len + 8, 0, &info), SMBIOS_OK);
	assert_int_equal(info.structures, 4);
	assert_int_equal(smbios_table_read(buf, len + 8, 2, &info), SMBIOS_OK);
	assert_int_equal(info.structures, 2);
	assert_true(info.have_system);
}

static void test_strings_sanitised_and_truncation_flagged(void **state)
{
	struct smbios_info info;
	char longname[100];
	(void)state;
	memset(longname, 'A', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	static const uint8_t t1[4] = { 1, 2, 0, 0 };
	const char *const s1[] = { "  To Be \"Filled\"\tBy O.E.M.\x01  ", longname };
	len = 0;
	add_struct(1, 1, t1, sizeof t1, s1, 2);
	add_struct(127, 2, NULL, 0, NULL, 0);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_string_equal(info.system_vendor, "To Be FilledBy O.E.M.");
	assert_int_equal(strlen(info.system_product), SMBIOS_STRING_MAX);
	assert_int_equal(info.truncated, SMBIOS_FIELD_SYSTEM_PRODUCT);
}

static void test_missing_and_out_of_range_string_numbers_give_empty(void **state)
{
	struct smbios_info info;
	(void)state;
	/* Type 0 too short for the date field; version points past the set. */
	static const uint8_t t0[] = { 1, 7, 0, 0xE8 };
	static const char *const s0[] = { "AMI" };
	len = 0;
	add_struct(0, 0, t0, sizeof t0, s0, 1);
	add_struct(127, 1, NULL, 0, NULL, 0);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_string_equal(info.bios_vendor, "AMI");
	assert_string_equal(info.bios_version, "");
	assert_string_equal(info.bios_date, "");
}

/* Type 17 (DSP0134 7.18) fields of one memory device; add_memdev lays them out
 * at their offsets in a full SMBIOS 3.3 structure (5Ch bytes) and keeps the
 * first `length` bytes, as an older firmware's shorter structure would. */
struct memdev {
	uint16_t size;          /* 0Ch */
	uint8_t type;           /* 12h */
	uint16_t speed;         /* 15h */
	uint32_t ext_size;      /* 1Ch */
	uint16_t conf_speed;    /* 20h */
	uint32_t ext_speed;     /* 54h */
	uint32_t ext_conf_speed; /* 58h */
};

/* Lengths of type 17 by the version that fixed them. */
#define MEMDEV_LEN_2_1 0x15 /* ends after Type Detail */
#define MEMDEV_LEN_2_3 0x1B /* + Speed, Manufacturer ... Part Number */
#define MEMDEV_LEN_2_8 0x28 /* + Attributes, Extended Size, Configured Memory Speed, voltages */
#define MEMDEV_LEN_3_3 0x5C /* + ... Extended Speed, Extended Configured Memory Speed */

static void put16(uint8_t *f, size_t off, uint16_t v)
{
	f[off] = (uint8_t)v;
	f[off + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *f, size_t off, uint32_t v)
{
	put16(f, off, (uint16_t)v);
	put16(f, off + 2, (uint16_t)(v >> 16));
}

/* The type 16 array the next add_memdev devices belong to. */
static uint16_t memdev_array = 0x1000;

/* A type 16 Physical Memory Array (SMBIOS 2.7 layout, 0Fh + 4 bytes) with Use use. */
static void add_array(uint16_t handle, uint8_t use, uint16_t devices)
{
	uint8_t f[0x17] = { 0 };
	f[0x04] = 0x03;         /* location: system board */
	f[0x05] = use;
	f[0x06] = 0x03;         /* error correction: none */
	put32(f, 0x07, 0x80000000u); /* capacity: see extended */
	put16(f, 0x0B, 0xFFFE); /* no error information */
	put16(f, 0x0D, devices);
	add_struct(16, handle, f + 4, (uint8_t)(sizeof f - 4), NULL, 0);
}

static void add_memdev(uint16_t handle, uint8_t length, const struct memdev *d)
{
	uint8_t f[MEMDEV_LEN_3_3] = { 0 };
	static const char *const strings[] = { "DIMM_A1", "BANK 0" };
	put16(f, 0x04, memdev_array); /* Physical Memory Array handle */
	put16(f, 0x06, 0xFFFE); /* no error information */
	put16(f, 0x08, 64);     /* total width */
	put16(f, 0x0A, 64);     /* data width */
	put16(f, 0x0C, d->size);
	f[0x0E] = 0x09;         /* form factor DIMM */
	f[0x10] = 1;            /* device locator */
	f[0x11] = 2;            /* bank locator */
	f[0x12] = d->type;
	put16(f, 0x13, 0x0080); /* type detail: synchronous */
	put16(f, 0x15, d->speed);
	put32(f, 0x1C, d->ext_size);
	put16(f, 0x20, d->conf_speed);
	put16(f, 0x22, 1200);   /* minimum, maximum, configured voltage (mV) */
	put16(f, 0x24, 1200);
	put16(f, 0x26, 1200);
	put32(f, 0x54, d->ext_speed);
	put32(f, 0x58, d->ext_conf_speed);
	add_struct(17, handle, f + 4, (uint8_t)(length - 4), strings, 2);
}

static void read_memdev_table(struct smbios_info *info)
{
	add_struct(127, 0x7F00, NULL, 0, NULL, 0);
	assert_int_equal(smbios_table_read(buf, len, 0, info), SMBIOS_OK);
}

static void test_memdev_ddr4_dimm_summarised_with_configured_speed(void **state)
{
	struct smbios_info info;
	/* A 16 GiB DDR4-3200 module run at 2933 MT/s. */
	const struct memdev ddr4 = { .size = 16384, .type = 0x1A, .speed = 3200, .conf_speed = 2933 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &ddr4);
	read_memdev_table(&info);
	assert_int_equal(info.memory_devices, 1);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 16384);
	assert_int_equal(info.memory_speed_min_mts, 2933);
	assert_int_equal(info.memory_speed_max_mts, 2933);
	assert_int_equal(info.memory_type, 0x1A);
	assert_string_equal(smbios_memory_type_name(info.memory_type), "DDR4");
}

static void test_memdev_empty_and_unknown_slots_not_populated(void **state)
{
	struct smbios_info info;
	/* Firmware lists empty slots with Size 0 and type Unknown (02h). */
	const struct memdev empty = { .size = 0, .type = 0x02 };
	const struct memdev unknown = { .size = 0xFFFF, .type = 0x18, .speed = 1333, .conf_speed = 1333 };
	const struct memdev ddr4 = { .size = 8192, .type = 0x1A, .speed = 2666, .conf_speed = 2666 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &empty);
	add_memdev(0x1101, MEMDEV_LEN_2_8, &unknown);
	add_memdev(0x1102, MEMDEV_LEN_2_8, &ddr4);
	read_memdev_table(&info);
	assert_int_equal(info.memory_devices, 3);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 8192);
	/* Type and speed come from the populated device only. */
	assert_int_equal(info.memory_type, 0x1A);
	assert_int_equal(info.memory_speed_min_mts, 2666);
	assert_int_equal(info.memory_speed_max_mts, 2666);
}

static void test_memdev_extended_size(void **state)
{
	struct smbios_info info;
	/* 7FFFh: a 64 GiB RDIMM's size is in Extended Size (bit 31 reserved, ignored). */
	const struct memdev big = { .size = 0x7FFF, .type = 0x22, .ext_size = 0x80010000u, .conf_speed = 4800 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &big);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 65536);
	/* Before 2.7 (no Extended Size field) 7FFFh is the size itself: 32767 MiB. */
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_3, &big);
	read_memdev_table(&info);
	assert_int_equal(info.memory_total_mib, 32767);
}

static void test_memdev_kib_granularity_summed_before_rounding(void **state)
{
	struct smbios_info info;
	/* Bit 15 set: 0x200 KiB = 512 KiB each; two make exactly 1 MiB. */
	const struct memdev small = { .size = 0x8000 | 0x200, .type = 0x0F, .speed = 133 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &small);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 0);
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &small);
	add_memdev(0x1101, MEMDEV_LEN_2_8, &small);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 2);
	assert_int_equal(info.memory_total_mib, 1);
	/* 8000h is 0 KiB, not 32768 MiB: larger sizes use 7FFFh and Extended Size. */
	const struct memdev zero_kib = { .size = 0x8000, .type = 0x1A, .conf_speed = 3200 };
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &zero_kib);
	read_memdev_table(&info);
	assert_int_equal(info.memory_devices, 1);
	assert_int_equal(info.dimms_populated, 0);
}

static void test_memdev_short_structures_fall_back_to_speed_or_unknown(void **state)
{
	struct smbios_info info;
	/* The configured speed lies beyond an SMBIOS 2.3 structure's end and
	 * must not be read: Speed (15h) is used instead. */
	const struct memdev ddr3 = { .size = 4096, .type = 0x18, .speed = 1600, .conf_speed = 1333 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_3, &ddr3);
	read_memdev_table(&info);
	assert_int_equal(info.memory_speed_min_mts, 1600);
	assert_int_equal(info.memory_speed_max_mts, 1600);
	/* SMBIOS 2.1 has no speed at all; size and type still count. */
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_1, &ddr3);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 4096);
	assert_int_equal(info.memory_type, 0x18);
	assert_int_equal(info.memory_speed_min_mts, 0);
	assert_int_equal(info.memory_speed_max_mts, 0);
	/* Too short even for Size (ends at 0Ch): a device, not a populated one. */
	len = 0;
	add_memdev(0x1100, 0x0C, &ddr3);
	read_memdev_table(&info);
	assert_int_equal(info.memory_devices, 1);
	assert_int_equal(info.dimms_populated, 0);
	assert_int_equal(info.memory_type, 0);
	/* A 2.7+ structure whose configured speed is unknown (0) falls back to Speed. */
	const struct memdev unconfigured = { .size = 4096, .type = 0x18, .speed = 1866, .conf_speed = 0 };
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &unconfigured);
	read_memdev_table(&info);
	assert_int_equal(info.memory_speed_min_mts, 1866);
}

static void test_memdev_two_dimms_different_speeds_min_and_max(void **state)
{
	struct smbios_info info;
	const struct memdev slow = { .size = 8192, .type = 0x1A, .speed = 2666, .conf_speed = 2666 };
	const struct memdev fast = { .size = 16384, .type = 0x1A, .speed = 3200, .conf_speed = 3200 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &fast);
	add_memdev(0x1101, MEMDEV_LEN_2_8, &slow);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 2);
	assert_int_equal(info.memory_total_mib, 24576);
	assert_int_equal(info.memory_speed_min_mts, 2666);
	assert_int_equal(info.memory_speed_max_mts, 3200);
}

static void test_memdev_ffff_speed_reads_extended_field_when_present(void **state)
{
	struct smbios_info info;
	/* FFFFh: the configured speed is in Extended Configured Memory Speed (3.3, 58h). */
	const struct memdev ext = { .size = 0x7FFF, .ext_size = 32768, .type = 0x22, .speed = 0xFFFF, .conf_speed = 0xFFFF,
				    .ext_speed = 70000, .ext_conf_speed = 0x80000000u | 68000 };
	(void)state;
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_3_3, &ext);
	read_memdev_table(&info);
	assert_int_equal(info.memory_total_mib, 32768);
	assert_int_equal(info.memory_speed_min_mts, 68000);
	assert_int_equal(info.memory_speed_max_mts, 68000);
	/* In a 2.8 structure the extended fields do not exist: unknown, not 65535. */
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &ext);
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_speed_min_mts, 0);
	assert_int_equal(info.memory_speed_max_mts, 0);
}

static void test_memory_type_names(void **state)
{
	(void)state;
	assert_string_equal(smbios_memory_type_name(0x18), "DDR3");
	assert_string_equal(smbios_memory_type_name(0x1A), "DDR4");
	assert_string_equal(smbios_memory_type_name(0x22), "DDR5");
	assert_string_equal(smbios_memory_type_name(0x1E), "LPDDR4");
	assert_string_equal(smbios_memory_type_name(0x23), "LPDDR5");
	assert_string_equal(smbios_memory_type_name(0x07), "RAM");
	assert_null(smbios_memory_type_name(0x00));
	assert_null(smbios_memory_type_name(0x24));
}

static void test_map_failure_reported(void **state)
{
	struct smbios_entry e = { .kind = SMBIOS_ENTRY_64, .table_phys = 0x1234, .table_len = 10 };
	struct smbios_info info;
	(void)state;
	assert_int_equal(smbios_read(&e, map_buf, NULL, &info), SMBIOS_ERR_TABLE_ADDRESS);
}

/* Devices of a type 16 array whose Use is not System memory (03h) -- flash
 * (09h), video (04h), cache (07h) -- are not DIMMs of the machine's RAM; the
 * array may come after its devices in the table. Without type 16 structures
 * every device counts. */
static void test_memdev_of_non_system_arrays_not_counted(void **state)
{
	struct smbios_info info;
	const struct memdev ddr5 = { .size = 16384, .type = 0x22, .conf_speed = 4800 };
	const struct memdev flash = { .size = 64, .type = 0x07, .speed = 33 };
	(void)state;
	len = 0;
	add_array(0x1000, 0x03, 1);
	memdev_array = 0x1000;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &ddr5);
	memdev_array = 0x1001;
	add_memdev(0x1101, MEMDEV_LEN_2_8, &flash);
	add_array(0x1001, 0x09, 1); /* after its device */
	read_memdev_table(&info);
	memdev_array = 0x1000;
	assert_int_equal(info.memory_devices, 1);
	assert_int_equal(info.memory_devices_other, 1);
	assert_int_equal(info.dimms_populated, 1);
	assert_int_equal(info.memory_total_mib, 16384);
	assert_int_equal(info.memory_type, 0x22);
	assert_int_equal(info.memory_speed_min_mts, 4800);
	/* No type 16 at all: both count. */
	len = 0;
	add_memdev(0x1100, MEMDEV_LEN_2_8, &ddr5);
	memdev_array = 0x1001;
	add_memdev(0x1101, MEMDEV_LEN_2_8, &flash);
	memdev_array = 0x1000;
	read_memdev_table(&info);
	assert_int_equal(info.dimms_populated, 2);
	assert_int_equal(info.memory_devices_other, 0);
}

/* The type 1 serial number is kept only as its hash (no byte of it in the
 * parsed record, so nothing after the walk can print it); the type 2 board
 * strings are read; another serial gives another hash. */
static void test_serial_is_hashed_never_kept_and_board_is_read(void **state)
{
	static const char serial[] = "SN-SECRET-4711";
	static const uint8_t t1[23] = { 1, 2, 0, 3 }; /* Manufacturer=1, Product=2, Version=0, Serial=3 */
	static const char *const s1[] = { "Vendor", "Product", serial };
	static const uint8_t t2[4] = { 1, 2 };        /* Manufacturer=1, Product=2 */
	static const char *const s2[] = { "Board Maker", "X570 \"Pro\"" };
	struct smbios_info info, other;
	(void)state;
	len = 0;
	add_struct(1, 0x100, t1, sizeof t1, s1, 3);
	add_struct(2, 0x200, t2, sizeof t2, s2, 2);
	add_struct(127, 0x7F00, NULL, 0, NULL, 0);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_true(info.have_serial);
	assert_true(info.serial_hash == hash64_bytes(HASH64_INIT, serial, strlen(serial)));
	assert_null(memmem(&info, sizeof info, "SECRET", 6));
	assert_true(info.have_board);
	assert_string_equal(info.board_vendor, "Board Maker");
	assert_string_equal(info.board_product, "X570 Pro");
	/* another serial, same everything else: another hash */
	char *at = memmem(buf, len, "4711", 4);
	assert_non_null(at);
	at[3] = '2';
	assert_int_equal(smbios_table_read(buf, len, 0, &other), SMBIOS_OK);
	assert_true(other.have_serial);
	assert_true(other.serial_hash != info.serial_hash);
	/* no serial string: none */
	build_qemu_like_table();
	assert_int_equal(smbios_table_read(buf, len, 4, &other), SMBIOS_OK);
	assert_false(other.have_serial);
	assert_false(other.have_board);
}

/* Type 38 as QEMU 7.2 publishes it for `-device isa-ipmi-kcs` (with
 * ipmi-bmc-sim or ipmi-bmc-extern; hw/smbios/smbios_type_38.c), dumped from
 * a guest boot of the kernel under SeaBIOS (-M pc): length 12h, handle 3000h,
 * KCS, IPMI 2.0, I2C 20h, NV storage 00h, Base Address 0CA3h (bit 0 set: I/O
 * space, port 0CA2h), modifier 01h (byte spacing, LS-bit 0, interrupt info
 * flag clear, level-triggered), interrupt 5, no strings. */
static const uint8_t qemu_kcs_type38[] = {
	0x26, 0x12, 0x00, 0x30, 0x01, 0x20, 0x20, 0x00, 0xa3, 0x0c, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x01, 0x05, 0x00, 0x00,
};

static void table_with_type38(const uint8_t *t38, size_t n)
{
	build_qemu_like_table();
	len -= 6; /* before the type 127 end structure (4 bytes and its double NUL) */
	put(t38, n);
	add_struct(127, 0x7F00, NULL, 0, NULL, 0);
}

static void test_ipmi_qemu_kcs_type38(void **state)
{
	(void)state;
	struct smbios_info info;
	table_with_type38(qemu_kcs_type38, sizeof qemu_kcs_type38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi_devices, 1);
	assert_int_equal(info.ipmi.interface, SMBIOS_IPMI_KCS);
	assert_string_equal(smbios_ipmi_interface_name(info.ipmi.interface), "kcs");
	assert_int_equal(info.ipmi.spec_major, 2);
	assert_int_equal(info.ipmi.spec_minor, 0);
	assert_int_equal(info.ipmi.i2c_addr, 0x20);
	assert_int_equal(info.ipmi.nv_addr, 0x00);
	assert_int_equal(info.ipmi.space, SMBIOS_IPMI_SPACE_IO);
	assert_int_equal(info.ipmi.base, 0xca2);
	assert_true(info.ipmi.have_modifier);
	assert_int_equal(info.ipmi.reg_spacing, 1);
	assert_false(info.ipmi.irq_info);
	assert_true(info.ipmi.irq_level);
	assert_false(info.ipmi.irq_active_high);
	assert_int_equal(info.ipmi.irq, 5);
	/* The walk goes on past it: the end structure is counted. */
	assert_int_equal(info.structures, 5);
	assert_true(info.have_bios);
}

static void test_ipmi_absent_in_a_table_without_type38(void **state)
{
	(void)state;
	struct smbios_info info;
	build_qemu_like_table();
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi_devices, 0);
}

/* A memory-mapped BT interface with 32-bit register spacing, the address's
 * LS-bit set by the modifier (bit 4), and specified interrupt info (active
 * high, edge): DSP0134 7.39's Base Address bit 0 = 0 (memory) is the space,
 * never the address's bit 0. */
static void test_ipmi_memory_mapped_bt_with_modifier(void **state)
{
	(void)state;
	struct smbios_info info;
	uint8_t t38[20];
	memcpy(t38, qemu_kcs_type38, sizeof t38);
	t38[4] = SMBIOS_IPMI_BT;
	t38[5] = 0x15; /* IPMI 1.5 */
	t38[8] = 0x00, t38[9] = 0x00, t38[10] = 0xd0, t38[11] = 0xfe; /* FED00000h, bit 0 clear */
	t38[16] = 0x40 | 0x10 | 0x08 | 0x02; /* 32-bit spacing, LS-bit 1, irq info, active high, edge */
	t38[17] = 10;
	table_with_type38(t38, sizeof t38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_string_equal(smbios_ipmi_interface_name(info.ipmi.interface), "bt");
	assert_int_equal(info.ipmi.spec_major, 1);
	assert_int_equal(info.ipmi.spec_minor, 5);
	assert_int_equal(info.ipmi.space, SMBIOS_IPMI_SPACE_MEM);
	assert_int_equal(info.ipmi.base, 0xfed00001);
	assert_int_equal(info.ipmi.reg_spacing, 4);
	assert_true(info.ipmi.irq_info);
	assert_true(info.ipmi.irq_active_high);
	assert_false(info.ipmi.irq_level);
	assert_int_equal(info.ipmi.irq, 10);
}

/* A 10h-byte structure (no modifier, no interrupt bytes): the address as
 * stored less its space bit, spacing and interrupt unknown; a reserved
 * interface type has no name; a structure too short for the base address
 * is not taken; the first of two type 38 is the one kept. */
static void test_ipmi_short_reserved_and_repeated_structures(void **state)
{
	(void)state;
	struct smbios_info info;
	uint8_t t38[18 + sizeof qemu_kcs_type38];
	memcpy(t38, qemu_kcs_type38, 18);
	t38[1] = 0x10;
	t38[4] = 0x07; /* reserved */
	t38[16] = 0, t38[17] = 0; /* the double NUL right after 10h bytes */
	memcpy(t38 + 18, qemu_kcs_type38, sizeof qemu_kcs_type38); /* a second one */
	table_with_type38(t38, sizeof t38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi_devices, 2);
	assert_null(smbios_ipmi_interface_name(info.ipmi.interface));
	assert_int_equal(info.ipmi.interface, 0x07);
	assert_false(info.ipmi.have_modifier);
	assert_int_equal(info.ipmi.base, 0xca2);
	assert_int_equal(info.ipmi.space, SMBIOS_IPMI_SPACE_IO);
	assert_int_equal(info.ipmi.reg_spacing, 0);
	assert_int_equal(info.ipmi.irq, 0);

	static const uint8_t too_short[] = { 0x26, 0x0c, 0x01, 0x30, 0x01, 0x20, 0x20, 0x00,
					     0xa3, 0x0c, 0x00, 0x00, 0x00, 0x00 };
	table_with_type38(too_short, sizeof too_short);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi_devices, 0);
}

/* SSIF: the Base Address holds the SMBus target address, no space bit. */
static void test_ipmi_ssif_base_is_an_smbus_address(void **state)
{
	(void)state;
	struct smbios_info info;
	uint8_t t38[20];
	memcpy(t38, qemu_kcs_type38, sizeof t38);
	t38[4] = SMBIOS_IPMI_SSIF;
	t38[8] = 0x21, t38[9] = 0x00;
	table_with_type38(t38, sizeof t38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_string_equal(smbios_ipmi_interface_name(info.ipmi.interface), "ssif");
	assert_int_equal(info.ipmi.space, SMBIOS_IPMI_SPACE_SMBUS);
	assert_int_equal(info.ipmi.base, 0x21);
	/* the modifier's spacing and interrupt describe no register block here */
	assert_int_equal(info.ipmi.reg_spacing, 0);
	assert_int_equal(info.ipmi.irq, 0);
	assert_false(info.ipmi.base_zero);
}

/* The old 10h-byte format with its space bit clear ("memory"): Linux's
 * ipmi_dmi.c takes I/O there (many such tables get the bit wrong), and so do
 * we, saying it was assumed. */
static void test_ipmi_old_format_space_bit_is_not_trusted(void **state)
{
	(void)state;
	struct smbios_info info;
	uint8_t t38[18];
	memcpy(t38, qemu_kcs_type38, 16);
	t38[1] = 0x10;
	t38[8] = 0xa2; /* 0CA2h, bit 0 clear */
	t38[16] = 0, t38[17] = 0;
	table_with_type38(t38, sizeof t38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi.space, SMBIOS_IPMI_SPACE_IO);
	assert_true(info.ipmi.space_assumed);
	assert_int_equal(info.ipmi.base, 0xca2);
	/* the full format's bit is trusted */
	table_with_type38(qemu_kcs_type38, sizeof qemu_kcs_type38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_false(info.ipmi.space_assumed);
}

/* A KCS entry at Base Address 0 (an optional BMC not fitted): no interface. */
static void test_ipmi_base_address_zero_is_no_interface(void **state)
{
	(void)state;
	struct smbios_info info;
	uint8_t t38[20];
	memcpy(t38, qemu_kcs_type38, sizeof t38);
	t38[8] = 0x01, t38[9] = 0x00; /* I/O space bit only */
	table_with_type38(t38, sizeof t38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_int_equal(info.ipmi_devices, 1);
	assert_int_equal(info.ipmi.base, 0);
	assert_true(info.ipmi.base_zero);
	table_with_type38(qemu_kcs_type38, sizeof qemu_kcs_type38);
	assert_int_equal(smbios_table_read(buf, len, 0, &info), SMBIOS_OK);
	assert_false(info.ipmi.base_zero);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qemu_like_table_extracts_the_five_strings),
		cmocka_unit_test(test_serial_is_hashed_never_kept_and_board_is_read),
		cmocka_unit_test(test_entry32_scan_then_read_through_map),
		cmocka_unit_test(test_entry64_preferred_over_entry32),
		cmocka_unit_test(test_entry_bad_checksums_are_named),
		cmocka_unit_test(test_entry_truncated_and_not_found),
		cmocka_unit_test(test_legacy_dmi_entry),
		cmocka_unit_test(test_zero_length_structure_stops_walk_with_error),
		cmocka_unit_test(test_unterminated_strings_detected),
		cmocka_unit_test(test_truncated_formatted_area_detected),
		cmocka_unit_test(test_walk_stops_at_structure_count_and_type_127),
		cmocka_unit_test(test_strings_sanitised_and_truncation_flagged),
		cmocka_unit_test(test_missing_and_out_of_range_string_numbers_give_empty),
		cmocka_unit_test(test_memdev_ddr4_dimm_summarised_with_configured_speed),
		cmocka_unit_test(test_memdev_empty_and_unknown_slots_not_populated),
		cmocka_unit_test(test_memdev_extended_size),
		cmocka_unit_test(test_memdev_kib_granularity_summed_before_rounding),
		cmocka_unit_test(test_memdev_short_structures_fall_back_to_speed_or_unknown),
		cmocka_unit_test(test_memdev_two_dimms_different_speeds_min_and_max),
		cmocka_unit_test(test_memdev_ffff_speed_reads_extended_field_when_present),
		cmocka_unit_test(test_memdev_of_non_system_arrays_not_counted),
		cmocka_unit_test(test_memory_type_names),
		cmocka_unit_test(test_map_failure_reported),
		cmocka_unit_test(test_ipmi_qemu_kcs_type38),
		cmocka_unit_test(test_ipmi_absent_in_a_table_without_type38),
		cmocka_unit_test(test_ipmi_memory_mapped_bt_with_modifier),
		cmocka_unit_test(test_ipmi_short_reserved_and_repeated_structures),
		cmocka_unit_test(test_ipmi_ssif_base_is_an_smbus_address),
		cmocka_unit_test(test_ipmi_old_format_space_bit_is_not_trusted),
		cmocka_unit_test(test_ipmi_base_address_zero_is_no_interface),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

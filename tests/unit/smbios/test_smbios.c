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

#include "kernel/smbios/smbios.h"

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

static void test_map_failure_reported(void **state)
{
	struct smbios_entry e = { .kind = SMBIOS_ENTRY_64, .table_phys = 0x1234, .table_len = 10 };
	struct smbios_info info;
	(void)state;
	assert_int_equal(smbios_read(&e, map_buf, NULL, &info), SMBIOS_ERR_TABLE_ADDRESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qemu_like_table_extracts_the_five_strings),
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
		cmocka_unit_test(test_map_failure_reported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

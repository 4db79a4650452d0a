/* The multiboot2 information walker on crafted structures (Multiboot2
 * specification 1.0, section 3.6; GRUB's include/multiboot2.h for the
 * framebuffer layout, whose colour fields start at offset 32). The well-formed
 * structure mirrors what GRUB 2.06 hands over under QEMU with 128 MiB:
 * SeaBIOS's E820 map, a 1024x768x32 framebuffer at 0xfd000000 and an ACPI 1.0
 * RSDP "BOCHS ". Tag padding is filled with 0xAA so a read past a tag's size
 * shows up in the result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/loader/multiboot2.h"

static uint64_t storage[8192]; /* 64 KiB, 8-byte aligned */
static uint8_t *const mbi = (uint8_t *)storage;
static size_t mb_len;
static struct boot_info info;

static void put32(size_t off, uint32_t v)
{
	memcpy(mbi + off, &v, 4);
}

static int setup(void **state)
{
	(void)state;
	memset(storage, 0xAA, sizeof storage);
	memset(&info, 0, sizeof info);
	mb_len = 8; /* total_size, reserved */
	put32(4, 0);
	return 0;
}

/* Append a tag with the given size field and body (body_len bytes); pads to
 * the next 8-byte boundary with 0xAA. Returns the tag's offset. */
static size_t add_tag_sized(uint32_t type, uint32_t size, const void *body, size_t body_len)
{
	size_t off = mb_len;

	put32(off, type);
	put32(off + 4, size);
	if (body_len)
		memcpy(mbi + off + 8, body, body_len);
	memset(mbi + off + 8 + body_len, 0xAA, ((8 + body_len + 7) & ~(size_t)7) - 8 - body_len);
	mb_len = off + ((8 + body_len + 7) & ~(size_t)7);
	return off;
}

static size_t add_tag(uint32_t type, const void *body, size_t body_len)
{
	return add_tag_sized(type, (uint32_t)(8 + body_len), body, body_len);
}

static void add_string_tag(uint32_t type, const char *s)
{
	add_tag(type, s, strlen(s) + 1);
}

/* Finish: end tag and total_size. Returns total_size. */
static size_t finish(void)
{
	add_tag(0, NULL, 0);
	put32(0, (uint32_t)mb_len);
	return mb_len;
}

struct e820 {
	uint64_t base, length;
	uint32_t type;
};

/* SeaBIOS E820 under `qemu-system-x86_64 -m 128` (as GRUB copies it). */
static const struct e820 qemu_map[] = {
	{ 0x0, 0x9fc00, 1 },        { 0x9fc00, 0x400, 2 },       { 0xf0000, 0x10000, 2 },
	{ 0x100000, 0x7ee0000, 1 }, { 0x7fe0000, 0x20000, 2 },   { 0xfffc0000, 0x40000, 2 },
};

/* Memory map tag: entry_size, entry_version 0, entries of entry_size bytes. */
static size_t add_mmap(uint32_t entry_size, const struct e820 *e, size_t n)
{
	static uint8_t body[16384];
	size_t len = 8;

	memcpy(body, &entry_size, 4);
	memset(body + 4, 0, 4);
	for (size_t i = 0; i < n; i++) {
		memset(body + len, 0, entry_size);
		memcpy(body + len, &e[i].base, 8);
		memcpy(body + len + 8, &e[i].length, 8);
		memcpy(body + len + 16, &e[i].type, 4);
		len += entry_size;
	}
	return add_tag(6, body, len);
}

static void add_framebuffer(uint64_t addr, uint32_t pitch, uint32_t width, uint32_t height, uint8_t bpp,
			    uint8_t type, const uint8_t *colour, size_t colour_len)
{
	uint8_t body[64] = { 0 };

	memcpy(body, &addr, 8);
	memcpy(body + 8, &pitch, 4);
	memcpy(body + 12, &width, 4);
	memcpy(body + 16, &height, 4);
	body[20] = bpp;
	body[21] = type;
	/* body[22..23] reserved */
	if (colour_len)
		memcpy(body + 24, colour, colour_len);
	add_tag(8, body, 24 + colour_len);
}

static const uint8_t rsdp_v1[20] = { 'R', 'S', 'D', ' ', 'P', 'T', 'R', ' ', 0x5c, 'B', 'O', 'C', 'H', 'S', ' ',
				     0, 0x00, 0xe0, 0xfe, 0x07 };
static uint8_t rsdp_v2[36];

static void make_rsdp_v2(void)
{
	memcpy(rsdp_v2, rsdp_v1, 20);
	rsdp_v2[15] = 2;                     /* revision */
	rsdp_v2[20] = 36;                    /* length */
	rsdp_v2[24] = 0x40, rsdp_v2[25] = 0xf0; /* an XSDT address */
}

static void test_well_formed_bios_structure(void **state)
{
	static const uint8_t rgb[6] = { 16, 8, 8, 8, 0, 8 };

	(void)state;
	add_string_tag(1, "console=ttyS0 exit=qemu");
	add_string_tag(2, "GRUB 2.06-13+deb12u1");
	add_tag(4, "\x80\x02\x00\x00\x80\xfb\x01\x00", 8); /* basic meminfo: ignored */
	add_mmap(24, qemu_map, 6);
	add_framebuffer(0xfd000000, 4096, 1024, 768, 32, 1, rgb, sizeof rgb);
	add_tag(14, rsdp_v1, sizeof rsdp_v1);
	size_t total = finish();

	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.path, BOOT_PATH_BIOS);
	assert_string_equal(info.cmdline, "console=ttyS0 exit=qemu");
	assert_false(info.cmdline_truncated);
	assert_string_equal(info.bootloader, "GRUB 2.06-13+deb12u1");
	assert_int_equal(info.mmap_count, 6);
	assert_int_equal(info.mmap_dropped, 0);
	for (size_t i = 0; i < 6; i++) {
		assert_true(info.mmap[i].base == qemu_map[i].base);
		assert_true(info.mmap[i].length == qemu_map[i].length);
		assert_int_equal(info.mmap[i].type, qemu_map[i].type);
	}
	assert_true(info.fb.present);
	assert_int_equal(info.fb.type, 1);
	assert_true(info.fb.addr == 0xfd000000);
	assert_int_equal(info.fb.pitch, 4096);
	assert_int_equal(info.fb.width, 1024);
	assert_int_equal(info.fb.height, 768);
	assert_int_equal(info.fb.bpp, 32);
	assert_int_equal(info.fb.red_pos, 16);
	assert_int_equal(info.fb.red_size, 8);
	assert_int_equal(info.fb.green_pos, 8);
	assert_int_equal(info.fb.green_size, 8);
	assert_int_equal(info.fb.blue_pos, 0);
	assert_int_equal(info.fb.blue_size, 8);
	assert_int_equal(info.rsdp_len, 20);
	assert_memory_equal(info.rsdp, rsdp_v1, 20);
	assert_true(info.efi_system_table == 0);
}

static void test_ega_text_framebuffer(void **state)
{
	(void)state;
	add_framebuffer(0xb8000, 160, 80, 25, 16, 2, NULL, 0);
	size_t total = finish();

	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_true(info.fb.present);
	assert_int_equal(info.fb.type, 2);
	assert_true(info.fb.addr == 0xb8000);
	assert_int_equal(info.fb.pitch, 160);
	assert_int_equal(info.fb.width, 80);
	assert_int_equal(info.fb.height, 25);
	assert_int_equal(info.fb.bpp, 16);
	assert_int_equal(info.fb.red_size + info.fb.green_size + info.fb.blue_size, 0);
}

static void test_efi64_tag_means_uefi_path(void **state)
{
	uint64_t table = 0x7f9ee018;

	(void)state;
	add_string_tag(2, "GRUB 2.06-13+deb12u1");
	add_tag(12, &table, 8);
	size_t total = finish();

	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.path, BOOT_PATH_UEFI);
	assert_true(info.efi_system_table == 0x7f9ee018);
}

static void test_without_efi64_tag_path_is_bios(void **state)
{
	uint32_t table32 = 0x7f9ee018;

	(void)state;
	add_tag(11, &table32, 4); /* EFI32 system table: not a 64-bit UEFI boot */
	size_t total = finish();

	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.path, BOOT_PATH_BIOS);
	assert_true(info.efi_system_table == 0);
}

static void test_acpi_new_rsdp_preferred_over_old_in_either_order(void **state)
{
	(void)state;
	make_rsdp_v2();
	add_tag(14, rsdp_v1, sizeof rsdp_v1);
	add_tag(15, rsdp_v2, sizeof rsdp_v2);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.rsdp_len, 36);
	assert_memory_equal(info.rsdp, rsdp_v2, 36);

	setup(state);
	add_tag(15, rsdp_v2, sizeof rsdp_v2);
	add_tag(14, rsdp_v1, sizeof rsdp_v1);
	total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.rsdp_len, 36);
	assert_memory_equal(info.rsdp, rsdp_v2, 36);
}

static void test_acpi_tag_shorter_than_an_rsdp_is_ignored(void **state)
{
	(void)state;
	add_tag(14, rsdp_v1, 19);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.rsdp_len, 0);
}

static void test_null_and_misaligned_pointers(void **state)
{
	(void)state;
	size_t total = finish();
	assert_int_equal(mb2_parse(NULL, 4096, &info), MB2_ERR_NULL);
	assert_int_equal(mb2_parse(mbi + 4, total, &info), MB2_ERR_MISALIGNED);
	assert_int_equal(mb2_parse(mbi + 1, total, &info), MB2_ERR_MISALIGNED);
	assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
}

static void test_total_size_beyond_available_bytes(void **state)
{
	(void)state;
	add_string_tag(1, "exit=qemu");
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total - 1, &info), MB2_ERR_TOTAL_SIZE);
	assert_int_equal(mb2_parse(mbi, 7, &info), MB2_ERR_TOTAL_SIZE);
	assert_int_equal(mb2_parse(mbi, 0, &info), MB2_ERR_TOTAL_SIZE);
	put32(0, 0xFFFFFFFF);
	assert_int_equal(mb2_parse(mbi, sizeof storage, &info), MB2_ERR_TOTAL_SIZE);
	put32(0, 15); /* less than header + end tag */
	assert_int_equal(mb2_parse(mbi, sizeof storage, &info), MB2_ERR_TOTAL_SIZE);
	assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
	assert_string_equal(info.cmdline, "");
}

static void test_tag_size_past_the_end(void **state)
{
	(void)state;
	size_t off = add_tag(1, "abc", 4);
	size_t total = finish();
	put32(off + 4, (uint32_t)(total - off + 1));
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_TAG_SIZE);
	put32(off + 4, 0xFFFFFFF8);
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_TAG_SIZE);
	assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
}

static void test_tag_size_below_header(void **state)
{
	(void)state;
	size_t off = add_tag(1, "abc", 4);
	size_t total = finish();
	for (uint32_t size = 0; size < 8; size++) {
		put32(off + 4, size);
		assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_TAG_SIZE);
	}
	/* An end tag with a size below 8 is just as wrong. */
	setup(state);
	total = finish();
	put32(mb_len - 4, 0);
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_TAG_SIZE);
}

static void test_missing_end_tag(void **state)
{
	(void)state;
	add_string_tag(1, "exit=qemu");
	put32(0, (uint32_t)mb_len);
	assert_int_equal(mb2_parse(mbi, mb_len, &info), MB2_ERR_NO_END_TAG);
	assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
	/* total_size cutting the end tag in half. */
	setup(state);
	add_string_tag(1, "exit=qemu");
	size_t total = finish();
	put32(0, (uint32_t)(total - 4));
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_NO_END_TAG);
}

static void test_tags_after_end_are_not_read(void **state)
{
	(void)state;
	size_t total = finish();
	add_string_tag(1, "after the end");
	put32(0, (uint32_t)mb_len);
	assert_int_equal(mb2_parse(mbi, mb_len, &info), MB2_OK);
	assert_string_equal(info.cmdline, "");
	(void)total;
}

static void test_mmap_entry_sizes_that_are_rejected(void **state)
{
	static const uint32_t bad[] = { 0, 8, 16, 20, 28, 30 };

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		setup(state);
		size_t off = add_mmap(24, qemu_map, 6);
		size_t total = finish();
		put32(off + 8, bad[i]);
		assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_BAD_MMAP);
		assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
	}
	/* A memory map tag too short to hold entry_size and entry_version. */
	setup(state);
	add_tag(6, "\x18\0\0\0", 4);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_ERR_BAD_MMAP);
}

static void test_mmap_larger_entry_size_is_walked_by_its_stride(void **state)
{
	(void)state;
	add_mmap(32, qemu_map, 6); /* a future spec version may grow entries */
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.mmap_count, 6);
	assert_true(info.mmap[5].base == 0xfffc0000);
	assert_int_equal(info.mmap[5].type, 2);
}

static void test_mmap_partial_trailing_entry_is_ignored(void **state)
{
	(void)state;
	size_t off = add_mmap(24, qemu_map, 3);
	size_t total = finish();
	put32(off + 4, 16 + 24 * 2 + 20); /* the third entry is cut short */
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.mmap_count, 2);
}

/* entry_size 0xFFFFFFF0 passes the ">= 24 and multiple of 8" check; the entry
 * loop's `off + entry_size <= size` then wraps around in 32 bits and the walker
 * reads an "entry" past the end of the tag (and here past total_size). */
static void test_mmap_huge_entry_size_reads_nothing_past_the_tag(void **state)
{
	(void)state;
	size_t off = add_mmap(24, NULL, 0); /* header only: size 16 */
	size_t total = finish();
	put32(off + 8, 0xFFFFFFF0u);
	enum mb2_status st = mb2_parse(mbi, total, &info);
	assert_true(st == MB2_OK || st == MB2_ERR_BAD_MMAP);
	assert_int_equal(info.mmap_count, 0);
}

static void test_more_than_boot_mmap_max_entries_are_counted_as_dropped(void **state)
{
	static struct e820 many[BOOT_MMAP_MAX + 44];

	(void)state;
	for (size_t i = 0; i < sizeof many / sizeof many[0]; i++)
		many[i] = (struct e820){ 0x100000 * (i + 1), 0x1000, 1 + (uint32_t)(i % 5) };
	add_mmap(24, many, sizeof many / sizeof many[0]);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.mmap_count, BOOT_MMAP_MAX);
	assert_int_equal(info.mmap_dropped, 44);
	assert_true(info.mmap[0].base == 0x100000);
	assert_true(info.mmap[BOOT_MMAP_MAX - 1].base == 0x100000ull * BOOT_MMAP_MAX);
}

static void test_two_mmap_tags_accumulate(void **state)
{
	(void)state;
	add_mmap(24, qemu_map, 3);
	add_mmap(24, qemu_map + 3, 3);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(info.mmap_count, 6);
	assert_true(info.mmap[3].base == 0x100000);
}

static void test_cmdline_without_nul_stops_at_tag_size(void **state)
{
	(void)state;
	add_tag(1, "exit=qemu", 9); /* no NUL; padding is 0xAA */
	add_tag(2, "GRUB", 4);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_string_equal(info.cmdline, "exit=qemu");
	assert_false(info.cmdline_truncated);
	assert_string_equal(info.bootloader, "GRUB");
}

static void test_empty_cmdline_tag(void **state)
{
	(void)state;
	add_tag(1, NULL, 0);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_string_equal(info.cmdline, "");
	assert_false(info.cmdline_truncated);
}

static void test_cmdline_longer_than_buffer_is_truncated_and_flagged(void **state)
{
	static char line[2001];

	(void)state;
	memset(line, 'c', 2000);
	add_string_tag(1, line);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_true(info.cmdline_truncated);
	assert_int_equal(strlen(info.cmdline), BOOT_CMDLINE_MAX - 1);
	assert_memory_equal(info.cmdline, line, BOOT_CMDLINE_MAX - 1);
}

static void test_cmdline_that_just_fits_is_not_truncated(void **state)
{
	static char line[BOOT_CMDLINE_MAX];

	(void)state;
	memset(line, 'c', BOOT_CMDLINE_MAX - 1);
	add_string_tag(1, line);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_false(info.cmdline_truncated);
	assert_string_equal(info.cmdline, line);
}

static void test_long_bootloader_name_is_cut_and_terminated(void **state)
{
	static char name[200];

	(void)state;
	memset(name, 'g', sizeof name - 1);
	add_string_tag(2, name);
	size_t total = finish();
	assert_int_equal(mb2_parse(mbi, total, &info), MB2_OK);
	assert_int_equal(strlen(info.bootloader), sizeof info.bootloader - 1);
}

static void test_status_names_are_distinct(void **state)
{
	(void)state;
	for (int a = MB2_OK; a <= MB2_ERR_BAD_MMAP; a++) {
		assert_string_not_equal(mb2_status_name(a), "?");
		for (int b = a + 1; b <= MB2_ERR_BAD_MMAP; b++)
			assert_string_not_equal(mb2_status_name(a), mb2_status_name(b));
	}
	assert_string_equal(mb2_status_name((enum mb2_status)42), "?");
}

#define T(f) cmocka_unit_test_setup(f, setup)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_well_formed_bios_structure),
		T(test_ega_text_framebuffer),
		T(test_efi64_tag_means_uefi_path),
		T(test_without_efi64_tag_path_is_bios),
		T(test_acpi_new_rsdp_preferred_over_old_in_either_order),
		T(test_acpi_tag_shorter_than_an_rsdp_is_ignored),
		T(test_null_and_misaligned_pointers),
		T(test_total_size_beyond_available_bytes),
		T(test_tag_size_past_the_end),
		T(test_tag_size_below_header),
		T(test_missing_end_tag),
		T(test_tags_after_end_are_not_read),
		T(test_mmap_entry_sizes_that_are_rejected),
		T(test_mmap_larger_entry_size_is_walked_by_its_stride),
		T(test_mmap_partial_trailing_entry_is_ignored),
		T(test_mmap_huge_entry_size_reads_nothing_past_the_tag),
		T(test_more_than_boot_mmap_max_entries_are_counted_as_dropped),
		T(test_two_mmap_tags_accumulate),
		T(test_cmdline_without_nul_stops_at_tag_size),
		T(test_empty_cmdline_tag),
		T(test_cmdline_longer_than_buffer_is_truncated_and_flagged),
		T(test_cmdline_that_just_fits_is_not_truncated),
		T(test_long_bootloader_name_is_cut_and_terminated),
		T(test_status_names_are_distinct),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

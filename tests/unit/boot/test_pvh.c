/* The PVH start info reader (Xen's arch-x86/hvm/start_info.h, as QEMU fills
 * it for `-kernel` with version 1) over a fake physical memory: a 64 KiB
 * window at physical 0x10000 read through the phys_map_fn, so every pointer
 * in the start info can be made to lead outside readable memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boot/loader/pvh.h"

#define RAM_BASE 0x10000u
#define RAM_SIZE 0x10000u

static uint64_t ram_words[RAM_SIZE / 8];
static uint8_t *const ram = (uint8_t *)ram_words;
static struct boot_info info;

static const void *fake_map(void *ctx, uint64_t phys, size_t len)
{
	assert_ptr_equal(ctx, &info); /* the context is passed through */
	if (phys < RAM_BASE || phys - RAM_BASE > RAM_SIZE || len > RAM_SIZE - (phys - RAM_BASE))
		return NULL;
	return ram + (phys - RAM_BASE);
}

/* Start info at 0x10000, memmap at 0x10100, RSDP at 0x10400, cmdline at 0x10800. */
enum { SI = 0x10000, MEMMAP = 0x10100, RSDP = 0x10400, CMDLINE = 0x10800 };

static void w32(uint64_t phys, uint32_t v)
{
	memcpy(ram + (phys - RAM_BASE), &v, 4);
}

static void w64(uint64_t phys, uint64_t v)
{
	memcpy(ram + (phys - RAM_BASE), &v, 8);
}

static void set_start_info(uint32_t version, uint64_t cmdline, uint64_t rsdp, uint64_t memmap, uint32_t entries)
{
	w32(SI + 0, PVH_START_MAGIC);
	w32(SI + 4, version);
	w32(SI + 8, 0);         /* flags */
	w32(SI + 12, 0);        /* nr_modules */
	w64(SI + 16, 0);        /* modlist_paddr */
	w64(SI + 24, cmdline);
	w64(SI + 32, rsdp);
	w64(SI + 40, memmap);
	w32(SI + 48, entries);
	w32(SI + 52, 0);
}

static void set_memmap_entry(uint32_t i, uint64_t addr, uint64_t size, uint32_t type)
{
	w64(MEMMAP + 24 * i, addr);
	w64(MEMMAP + 24 * i + 8, size);
	w32(MEMMAP + 24 * i + 16, type);
	w32(MEMMAP + 24 * i + 20, 0);
}

static void set_rsdp(uint8_t revision)
{
	static const uint8_t sig[] = "RSD PTR \0BOCHS ";
	memcpy(ram + (RSDP - RAM_BASE), sig, 15);
	ram[RSDP - RAM_BASE + 15] = revision;
	for (int i = 16; i < 36; i++)
		ram[RSDP - RAM_BASE + i] = (uint8_t)(0x40 + i);
}

static int setup(void **state)
{
	(void)state;
	memset(ram, 0xAA, RAM_SIZE);
	memset(&info, 0, sizeof info);
	return 0;
}

static void test_qemu_style_version_1_start_info(void **state)
{
	(void)state;
	strcpy((char *)ram + (CMDLINE - RAM_BASE), "console=ttyS0 exit=qemu");
	set_rsdp(2);
	/* QEMU -m 128: the E820 map it also gives SeaBIOS. */
	set_memmap_entry(0, 0, 0x9fc00, 1);
	set_memmap_entry(1, 0x9fc00, 0x400, 2);
	set_memmap_entry(2, 0x100000, 0x7ee0000, 1);
	set_start_info(1, CMDLINE, RSDP, MEMMAP, 3);

	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.path, BOOT_PATH_PVH);
	assert_string_equal(info.bootloader, "pvh");
	assert_string_equal(info.cmdline, "console=ttyS0 exit=qemu");
	assert_false(info.cmdline_truncated);
	assert_true(info.rsdp_phys == RSDP);
	assert_int_equal(info.rsdp_len, 36);
	assert_memory_equal(info.rsdp, ram + (RSDP - RAM_BASE), 36);
	assert_int_equal(info.mmap_count, 3);
	assert_true(info.mmap[2].base == 0x100000);
	assert_true(info.mmap[2].length == 0x7ee0000);
	assert_int_equal(info.mmap[1].type, 2);
	assert_int_equal(info.mmap_dropped, 0);
}

static void test_acpi_1_rsdp_is_20_bytes(void **state)
{
	(void)state;
	set_rsdp(0);
	set_start_info(1, 0, RSDP, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.rsdp_len, 20);
	assert_memory_equal(info.rsdp, ram + (RSDP - RAM_BASE), 20);
	assert_string_equal(info.cmdline, "");
	assert_int_equal(info.mmap_count, 0);
}

static void test_version_0_has_no_memory_map(void **state)
{
	(void)state;
	set_memmap_entry(0, 0x100000, 0x100000, 1);
	set_start_info(0, 0, 0, MEMMAP, 1); /* the fields exist only from version 1 */
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.mmap_count, 0);
	assert_int_equal(info.rsdp_len, 0);
	assert_true(info.rsdp_phys == 0);
}

static void test_bad_magic(void **state)
{
	(void)state;
	set_start_info(1, 0, 0, 0, 0);
	w32(SI, 0x336EC577u);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_ERR_BAD_MAGIC);
	assert_int_equal(info.path, BOOT_PATH_UNKNOWN);
}

static void test_unreadable_start_info(void **state)
{
	(void)state;
	assert_int_equal(pvh_parse(0x1000, fake_map, &info, &info), PVH_ERR_UNREADABLE);
	/* Start info straddling the end of readable memory. */
	assert_int_equal(pvh_parse(RAM_BASE + RAM_SIZE - 8, fake_map, &info, &info), PVH_ERR_UNREADABLE);
}

static void test_cmdline_pointer_outside_memory(void **state)
{
	(void)state;
	set_start_info(1, 0x500000, 0, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_ERR_UNREADABLE);
}

static void test_cmdline_running_off_the_end_of_memory(void **state)
{
	(void)state;
	uint64_t at = RAM_BASE + RAM_SIZE - 5;
	memcpy(ram + (at - RAM_BASE), "exit=", 5); /* no NUL before memory ends */
	set_start_info(1, at, 0, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_ERR_UNREADABLE);
}

static void test_cmdline_longer_than_buffer_is_truncated_and_flagged(void **state)
{
	(void)state;
	memset(ram + (CMDLINE - RAM_BASE), 'c', 3000);
	ram[CMDLINE - RAM_BASE + 3000] = '\0';
	set_start_info(1, CMDLINE, 0, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_true(info.cmdline_truncated);
	assert_int_equal(strlen(info.cmdline), BOOT_CMDLINE_MAX - 1);
}

static void test_cmdline_of_1024_bytes_is_whole(void **state)
{
	(void)state;
	memset(ram + (CMDLINE - RAM_BASE), 'c', 1024);
	ram[CMDLINE - RAM_BASE + 1024] = '\0';
	set_start_info(1, CMDLINE, 0, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_false(info.cmdline_truncated);
	assert_int_equal(strlen(info.cmdline), 1024);
}

static void test_memmap_pointer_outside_memory(void **state)
{
	(void)state;
	set_start_info(1, 0, 0, 0x900000, 2);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_ERR_UNREADABLE);
	/* Entries count running past the end of memory. */
	set_start_info(1, 0, 0, MEMMAP, RAM_SIZE / 24);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_ERR_UNREADABLE);
}

static void test_unreadable_rsdp_is_left_out(void **state)
{
	(void)state;
	set_start_info(1, 0, 0x700000, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.rsdp_len, 0);
	assert_true(info.rsdp_phys == 0x700000);
	/* A revision-2 RSDP whose 36 bytes run past readable memory. */
	setup(state);
	uint64_t at = RAM_BASE + RAM_SIZE - 24;
	ram[at - RAM_BASE + 15] = 2;
	set_start_info(1, 0, at, 0, 0);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.rsdp_len, 0);
}

static void test_more_than_boot_mmap_max_entries_are_counted_as_dropped(void **state)
{
	(void)state;
	for (uint32_t i = 0; i < BOOT_MMAP_MAX + 10; i++)
		set_memmap_entry(i, 0x100000ull * (i + 1), 0x1000, 1);
	set_start_info(1, 0, 0, MEMMAP, BOOT_MMAP_MAX + 10);
	assert_int_equal(pvh_parse(SI, fake_map, &info, &info), PVH_OK);
	assert_int_equal(info.mmap_count, BOOT_MMAP_MAX);
	assert_int_equal(info.mmap_dropped, 10);
	assert_true(info.mmap[BOOT_MMAP_MAX - 1].base == 0x100000ull * BOOT_MMAP_MAX);
}

static void test_status_names_are_distinct(void **state)
{
	(void)state;
	assert_string_equal(pvh_status_name(PVH_OK), "ok");
	assert_string_not_equal(pvh_status_name(PVH_ERR_BAD_MAGIC), pvh_status_name(PVH_ERR_UNREADABLE));
	assert_string_not_equal(pvh_status_name(PVH_ERR_BAD_MAGIC), "?");
	assert_string_not_equal(pvh_status_name(PVH_ERR_UNREADABLE), "?");
	assert_string_equal(pvh_status_name((enum pvh_status)9), "?");
}

#define T(f) cmocka_unit_test_setup(f, setup)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_qemu_style_version_1_start_info),
		T(test_acpi_1_rsdp_is_20_bytes),
		T(test_version_0_has_no_memory_map),
		T(test_bad_magic),
		T(test_unreadable_start_info),
		T(test_cmdline_pointer_outside_memory),
		T(test_cmdline_running_off_the_end_of_memory),
		T(test_cmdline_longer_than_buffer_is_truncated_and_flagged),
		T(test_cmdline_of_1024_bytes_is_whole),
		T(test_memmap_pointer_outside_memory),
		T(test_unreadable_rsdp_is_left_out),
		T(test_more_than_boot_mmap_max_entries_are_counted_as_dropped),
		T(test_status_names_are_distinct),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

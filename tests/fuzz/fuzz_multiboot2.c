/* libFuzzer target for the multiboot2 walker. Input: the information
 * structure itself, copied into a heap buffer of exactly its size (malloc
 * alignment >= 8, so the walker gets past its alignment check) and walked with
 * avail = size: ASan reports any read past the input. For any input it also
 * checks that the filled boot_info stays within its capacities, strings are
 * terminated, the RSDP copy is 20..36 bytes or absent, the path is set exactly
 * on success, and a second walk gives the same result. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "boot/loader/multiboot2.h"

#define CHECK(cond) \
	do { \
		if (!(cond)) \
			abort(); \
	} while (0)

static struct boot_info first, second;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *mbi = malloc(size ? size : 1);

	if (!mbi)
		abort();
	CHECK((uintptr_t)mbi % 8 == 0);
	if (size)
		memcpy(mbi, data, size);

	memset(&first, 0, sizeof first);
	enum mb2_status st = mb2_parse(mbi, size, &first);
	CHECK(mb2_status_name(st)[0] != '?');
	CHECK(first.mmap_count <= BOOT_MMAP_MAX);
	CHECK(memchr(first.cmdline, '\0', sizeof first.cmdline) != NULL);
	CHECK(memchr(first.bootloader, '\0', sizeof first.bootloader) != NULL);
	if (first.cmdline_truncated)
		CHECK(strlen(first.cmdline) == sizeof first.cmdline - 1);
	CHECK(first.rsdp_len == 0 || (first.rsdp_len >= 20 && first.rsdp_len <= sizeof first.rsdp));
	if (st == MB2_OK) {
		CHECK(size >= 16);
		CHECK(first.path == BOOT_PATH_BIOS || first.path == BOOT_PATH_UEFI);
		if (first.efi_system_table)
			CHECK(first.path == BOOT_PATH_UEFI);
	} else {
		CHECK(first.path == BOOT_PATH_UNKNOWN);
	}
	if (first.mmap_dropped)
		CHECK(first.mmap_count == BOOT_MMAP_MAX);

	memset(&second, 0, sizeof second);
	CHECK(mb2_parse(mbi, size, &second) == st);
	CHECK(!memcmp(&first, &second, sizeof first));
	free(mbi);
	return 0;
}

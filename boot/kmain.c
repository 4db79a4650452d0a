/* Entry of the multiboot2/PVH kernel (boot/entry64.asm): read what the
 * loader passed into a boot_info, then the shared run (kernel_run.c). */
#include <stddef.h>
#include <stdint.h>

#include "kernel/boot/boot_info.h"
#include "boot/loader/multiboot2.h"
#include "boot/loader/pvh.h"
#include "kernel/kernel_run.h"

/* boot/entry32.asm's boot kinds. */
#define BOOT_KIND_MULTIBOOT2 1
#define BOOT_KIND_PVH 2

extern char kernel_start[], kernel_end[];

static struct boot_info boot_info;

static const void *identity_map(void *ctx, uint64_t phys_addr, size_t len)
{
	(void)ctx;
	/* The boot map covers the first 4 GiB; loaders place their data there. */
	if (phys_addr >= 0x100000000ull || len > 0x100000000ull - phys_addr)
		return NULL;
	return (const void *)(uintptr_t)phys_addr;
}

/* Returns NULL on success, else the reason the boot information is unusable. */
static const char *read_boot_info(uint32_t kind, uint32_t magic, uint32_t info_phys)
{
	if (kind == BOOT_KIND_MULTIBOOT2) {
		if (magic != MB2_BOOTLOADER_MAGIC)
			return "entered through the multiboot2 header without the multiboot2 magic";
		/* The total_size field bounds the walk; the structure lies below 4 GiB. */
		const uint32_t *total = identity_map(NULL, info_phys, 8);
		if (!total)
			return "multiboot2 information outside the boot map";
		enum mb2_status st = mb2_parse(total, *total, &boot_info);
		return st == MB2_OK ? NULL : mb2_status_name(st);
	}
	if (kind == BOOT_KIND_PVH) {
		enum pvh_status st = pvh_parse(info_phys, identity_map, NULL, &boot_info);
		return st == PVH_OK ? NULL : pvh_status_name(st);
	}
	return "unknown boot entry";
}

void kmain(uint32_t boot_kind, uint32_t magic, uint32_t info_phys);

void kmain(uint32_t boot_kind, uint32_t magic, uint32_t info_phys)
{
	const char *boot_error = read_boot_info(boot_kind, magic, info_phys);

	boot_info.image_base = (uintptr_t)kernel_start;
	boot_info.image_end = (uintptr_t)kernel_end;
	kernel_run(&boot_info, boot_error);
}

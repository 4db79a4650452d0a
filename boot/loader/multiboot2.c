/* Multiboot2 information walker. Every length is checked against the total
 * size before use: a lying tag size ends the walk with an error, never a read
 * past the structure. Layouts: Multiboot2 specification 1.0, section 3.6. */
#include <stdint.h>

#include "boot/loader/multiboot2.h"
#include "lib/mem.h"

enum {
	TAG_END = 0,
	TAG_CMDLINE = 1,
	TAG_BOOTLOADER = 2,
	TAG_MMAP = 6,
	TAG_FRAMEBUFFER = 8,
	TAG_EFI64 = 12,
	TAG_ACPI_OLD = 14,
	TAG_ACPI_NEW = 15,
};

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* Copy a string tag body (which need not be NUL-terminated within its size). */
static bool copy_string(char *dst, size_t cap, const uint8_t *src, size_t len)
{
	size_t n = 0;

	while (n < len && src[n])
		n++;
	bool truncated = n >= cap;
	if (truncated)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return truncated;
}

static enum mb2_status parse_mmap(const uint8_t *tag, uint32_t size, struct boot_info *info)
{
	if (size < 16)
		return MB2_ERR_BAD_MMAP;
	uint32_t entry_size = rd32(tag + 8);
	if (entry_size < 24 || entry_size % 8)
		return MB2_ERR_BAD_MMAP;
	for (uint32_t off = 16; entry_size <= size - off; off += entry_size) {
		if (info->mmap_count == BOOT_MMAP_MAX) {
			info->mmap_dropped++;
			continue;
		}
		struct mem_region *r = &info->mmap[info->mmap_count++];
		r->base = rd64(tag + off);
		r->length = rd64(tag + off + 8);
		r->type = rd32(tag + off + 16);
	}
	return MB2_OK;
}

static void parse_framebuffer(const uint8_t *tag, uint32_t size, struct boot_info *info)
{
	struct boot_framebuffer *fb = &info->fb;

	if (size < 31)
		return;
	fb->present = true;
	fb->addr = rd64(tag + 8);
	fb->pitch = rd32(tag + 16);
	fb->width = rd32(tag + 20);
	fb->height = rd32(tag + 24);
	fb->bpp = tag[28];
	fb->type = tag[29];
	if (fb->type == 1 && size >= 38) {
		fb->red_pos = tag[32];
		fb->red_size = tag[33];
		fb->green_pos = tag[34];
		fb->green_size = tag[35];
		fb->blue_pos = tag[36];
		fb->blue_size = tag[37];
	}
}

enum mb2_status mb2_parse(const void *mbi, size_t avail, struct boot_info *info)
{
	const uint8_t *base = mbi;
	bool efi = false;

	if (!mbi)
		return MB2_ERR_NULL;
	if ((uintptr_t)mbi % 8)
		return MB2_ERR_MISALIGNED;
	if (avail < 8)
		return MB2_ERR_TOTAL_SIZE;
	uint32_t total = rd32(base);
	if (total < 16 || total > avail)
		return MB2_ERR_TOTAL_SIZE;

	for (uint32_t off = 8;;) {
		if (off + 8 > total)
			return MB2_ERR_NO_END_TAG;
		const uint8_t *tag = base + off;
		uint32_t type = rd32(tag), size = rd32(tag + 4);
		if (size < 8 || size > total - off)
			return MB2_ERR_TAG_SIZE;
		enum mb2_status st = MB2_OK;
		switch (type) {
		case TAG_END:
			info->path = efi ? BOOT_PATH_UEFI : BOOT_PATH_BIOS;
			return MB2_OK;
		case TAG_CMDLINE:
			info->cmdline_truncated = copy_string(info->cmdline, sizeof info->cmdline, tag + 8, size - 8);
			break;
		case TAG_BOOTLOADER:
			copy_string(info->bootloader, sizeof info->bootloader, tag + 8, size - 8);
			break;
		case TAG_MMAP:
			st = parse_mmap(tag, size, info);
			break;
		case TAG_FRAMEBUFFER:
			parse_framebuffer(tag, size, info);
			break;
		case TAG_EFI64:
			if (size >= 16) {
				info->efi_system_table = rd64(tag + 8);
				efi = true;
			}
			break;
		case TAG_ACPI_OLD:
		case TAG_ACPI_NEW:
			/* Prefer the ACPI 2.0+ copy (it carries the XSDT address). */
			if (size - 8 >= 20 && (type == TAG_ACPI_NEW || info->rsdp_len == 0)) {
				size_t n = size - 8 > sizeof info->rsdp ? sizeof info->rsdp : size - 8;
				memcpy(info->rsdp, tag + 8, n);
				info->rsdp_len = n;
			}
			break;
		default:
			break; /* tags we do not use */
		}
		if (st != MB2_OK)
			return st;
		off += (size + 7) & ~7u;
	}
}

const char *mb2_status_name(enum mb2_status st)
{
	switch (st) {
	case MB2_OK:
		return "ok";
	case MB2_ERR_NULL:
		return "no multiboot2 information";
	case MB2_ERR_MISALIGNED:
		return "information structure not 8-byte aligned";
	case MB2_ERR_TOTAL_SIZE:
		return "total_size out of range";
	case MB2_ERR_TAG_SIZE:
		return "tag size runs past the structure";
	case MB2_ERR_NO_END_TAG:
		return "no end tag";
	case MB2_ERR_BAD_MMAP:
		return "memory map tag with a bad entry size";
	}
	return "?";
}

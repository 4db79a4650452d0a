/* PVH start info reader. Version 0 has no memory map (the E820 table would
 * have to come from elsewhere); QEMU passes version 1 with memmap. */
#include "boot/loader/pvh.h"
#include "lib/mem.h"

struct hvm_start_info {
	uint32_t magic;
	uint32_t version;
	uint32_t flags;
	uint32_t nr_modules;
	uint64_t modlist_paddr;
	uint64_t cmdline_paddr;
	uint64_t rsdp_paddr;
	uint64_t memmap_paddr;   /* version >= 1 */
	uint32_t memmap_entries; /* version >= 1 */
	uint32_t reserved;
};

struct hvm_memmap_entry {
	uint64_t addr;
	uint64_t size;
	uint32_t type;
	uint32_t reserved;
};

enum pvh_status pvh_parse(uint64_t start_info, phys_map_fn map, void *ctx, struct boot_info *info)
{
	const struct hvm_start_info *si = map(ctx, start_info, sizeof *si);

	if (!si)
		return PVH_ERR_UNREADABLE;
	if (si->magic != PVH_START_MAGIC)
		return PVH_ERR_BAD_MAGIC;
	info->path = BOOT_PATH_PVH;
	memcpy(info->bootloader, "pvh", 4);
	if (si->cmdline_paddr) {
		/* Read byte by byte so a missing NUL stops at the buffer size. */
		size_t n = 0;
		for (; n < sizeof info->cmdline - 1; n++) {
			const char *c = map(ctx, si->cmdline_paddr + n, 1);
			if (!c)
				return PVH_ERR_UNREADABLE;
			if (!*c)
				break;
			info->cmdline[n] = *c;
		}
		info->cmdline[n] = '\0';
		info->cmdline_truncated = n == sizeof info->cmdline - 1;
	}
	info->rsdp_phys = si->rsdp_paddr;
	if (si->rsdp_paddr) {
		const uint8_t *r = map(ctx, si->rsdp_paddr, 20);
		if (r) {
			/* Revision >= 2 means the 36-byte ACPI 2.0 form. */
			size_t len = r[15] >= 2 ? 36 : 20;
			r = map(ctx, si->rsdp_paddr, len);
			if (r) {
				memcpy(info->rsdp, r, len);
				info->rsdp_len = len;
			}
		}
	}
	if (si->version >= 1 && si->memmap_paddr && si->memmap_entries) {
		const struct hvm_memmap_entry *e = map(ctx, si->memmap_paddr, (size_t)si->memmap_entries * sizeof *e);
		if (!e)
			return PVH_ERR_UNREADABLE;
		for (uint32_t i = 0; i < si->memmap_entries; i++) {
			if (info->mmap_count == BOOT_MMAP_MAX) {
				info->mmap_dropped++;
				continue;
			}
			struct mem_region *r = &info->mmap[info->mmap_count++];
			r->base = e[i].addr;
			r->length = e[i].size;
			r->type = e[i].type;
		}
	}
	return PVH_OK;
}

const char *pvh_status_name(enum pvh_status st)
{
	switch (st) {
	case PVH_OK:
		return "ok";
	case PVH_ERR_BAD_MAGIC:
		return "PVH start info has a bad magic";
	case PVH_ERR_UNREADABLE:
		return "PVH start info points outside readable memory";
	}
	return "?";
}

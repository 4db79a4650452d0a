/* UEFI memory map to memory regions (see efi_mmap.h). */
#include <stdint.h>

#include "boot/uefi/efi_mmap.h"
#include "lib/mem.h"

/* EFI_MEMORY_TYPE values (UEFI 2.10, 7.2 table 7-6). */
enum {
	EFI_LOADER_CODE = 1,
	EFI_LOADER_DATA = 2,
	EFI_BOOT_SERVICES_CODE = 3,
	EFI_BOOT_SERVICES_DATA = 4,
	EFI_CONVENTIONAL = 7,
	EFI_UNUSABLE = 8,
	EFI_ACPI_RECLAIM = 9,
	EFI_ACPI_NVS = 10,
};

static uint32_t e820_type(uint32_t efi_type)
{
	switch (efi_type) {
	case EFI_LOADER_CODE:
	case EFI_LOADER_DATA:
	case EFI_BOOT_SERVICES_CODE:
	case EFI_BOOT_SERVICES_DATA:
	case EFI_CONVENTIONAL:
		return MEM_USABLE;
	case EFI_UNUSABLE:
		return MEM_BAD;
	case EFI_ACPI_RECLAIM:
		return MEM_ACPI_RECLAIMABLE;
	case EFI_ACPI_NVS:
		return MEM_ACPI_NVS;
	default:
		return MEM_RESERVED;
	}
}

size_t efi_mmap_convert(const void *map, size_t map_bytes, size_t desc_size, struct mem_region *out, size_t cap,
			size_t *dropped)
{
	const uint8_t *p = map;
	size_t n = 0;
	struct mem_region gone = { 0, 0, 0 }; /* the last region counted in *dropped */

	*dropped = 0;
	if (desc_size < EFI_MMAP_DESC_MIN)
		return 0;
	/* map_bytes - off, not off + desc_size: a huge DescriptorSize must not
	 * wrap the sum back inside the map. */
	for (size_t off = 0; map_bytes - off >= desc_size; off += desc_size) {
		uint32_t type;
		uint64_t base, pages;
		memcpy(&type, p + off, 4);
		memcpy(&base, p + off + 8, 8);
		memcpy(&pages, p + off + 24, 8);
		if (!pages || pages > (UINT64_MAX - base) / 4096)
			continue; /* empty, or wrapping past the top of the address space */
		struct mem_region r = { base, pages * 4096, e820_type(type) };
		if (n && out[n - 1].type == r.type && out[n - 1].base + out[n - 1].length == r.base) {
			out[n - 1].length += r.length;
			continue;
		}
		if (n == cap) {
			/* Count regions, not descriptors: n + *dropped is the count a
			 * large enough out would have held. */
			if (*dropped && gone.type == r.type && gone.base + gone.length == r.base) {
				gone.length += r.length;
				continue;
			}
			gone = r;
			(*dropped)++;
			continue;
		}
		out[n++] = r;
	}
	return n;
}

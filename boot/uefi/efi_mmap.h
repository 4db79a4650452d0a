/* The UEFI memory map (GetMemoryMap) as boot_info memory regions in the
 * E820 numbering the rest of the kernel reports. Pure code, unit-tested. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_MMAP_H
#define IDLEBENCH_BOOT_UEFI_EFI_MMAP_H

#include <stddef.h>

#include "kernel/boot/boot_info.h"

/* Bytes of the descriptor fields read here (UEFI 2.10, 7.2
 * EFI_MEMORY_DESCRIPTOR: Type, PhysicalStart, VirtualStart, NumberOfPages,
 * Attribute); firmware may use a larger stride (DescriptorSize). */
#define EFI_MMAP_DESC_MIN 40

/* Convert map_bytes of descriptors, desc_size bytes apart, into out (up to
 * cap regions; further ones counted in *dropped), merging neighbours of the
 * same type. Memory the OS gets after ExitBootServices (loader and boot
 * services code/data, conventional) is MEM_USABLE; ACPI reclaim/NVS and
 * unusable keep their meaning; everything else is MEM_RESERVED. Returns the
 * region count; 0 when desc_size is below EFI_MMAP_DESC_MIN. */
size_t efi_mmap_convert(const void *map, size_t map_bytes, size_t desc_size, struct mem_region *out, size_t cap,
			size_t *dropped);

#endif

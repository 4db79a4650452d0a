/* Finding vendor tables (ACPI, SMBIOS) in the UEFI configuration table
 * (UEFI spec 2.10, 4.3 EFI_SYSTEM_TABLE and 4.6 EFI_CONFIGURATION_TABLE). */
#ifndef IDLEBENCH_KERNEL_PLATFORM_EFI_CONFIG_H
#define IDLEBENCH_KERNEL_PLATFORM_EFI_CONFIG_H

#include <stdint.h>

#include "kernel/boot/boot_info.h"

/* A GUID in its in-memory byte order. */
struct efi_guid {
	uint8_t b[16];
};

/* SMBIOS 3.x entry point GUID F2FD1544-9794-4A2C-992E-E5BBCF20E394. */
extern const struct efi_guid EFI_GUID_SMBIOS3;
/* SMBIOS 2.x entry point GUID EB9D2D31-2D88-11D3-9A16-0090273FC14D. */
extern const struct efi_guid EFI_GUID_SMBIOS;

/* Physical address of the vendor table with this GUID, or 0. */
uint64_t efi_find_config_table(uint64_t system_table, const struct efi_guid *guid, phys_map_fn map, void *ctx);

#endif

/* boot_path names: the values of the `boot` metadata key. */
#include "kernel/boot/boot_info.h"

const char *boot_path_name(enum boot_path path)
{
	switch (path) {
	case BOOT_PATH_BIOS:
		return "bios";
	case BOOT_PATH_UEFI:
		return "uefi";
	case BOOT_PATH_PVH:
		return "pvh";
	case BOOT_PATH_EFI_APP:
		return "efi";
	default:
		return "unknown";
	}
}

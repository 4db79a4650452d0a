/* The boot stick's FAT file system through the firmware's
 * EFI_SIMPLE_FILE_SYSTEM_PROTOCOL (UEFI 2.10, 13.4/13.5): finding the volume
 * idlebench.efi was loaded from, reading \idlebench\cmdline.txt and saving
 * \idlebench\results\NAME.csv. Only while boot services are in charge. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_FILES_H
#define IDLEBENCH_BOOT_UEFI_EFI_FILES_H

#include <efi.h>

#include "boot/uefi/efi_result_name.h"

/* Root directory of the volume the image came from (its LoadedImage
 * DeviceHandle), or NULL with *why set. */
EFI_FILE_HANDLE efi_open_boot_volume(EFI_BOOT_SERVICES *bs, EFI_HANDLE image, const char **why);
/* Read up to cap bytes of \idlebench\cmdline.txt; returns the byte count,
 * or -1 when the file is absent or unreadable. */
long efi_read_cmdline_file(EFI_FILE_HANDLE root, char *buf, size_t cap);
/* What efi_save_results reports. */
struct efi_save_report {
	char path[24 + RESULT_NAME_MAX];      /* \idlebench\results\NAME.csv as written (or attempted) */
	const char *step;   /* where it failed: "create \idlebench", "write", ... */
	EFI_STATUS status;  /* the firmware's status at that step */
	UINTN written;      /* bytes written */
};
/* Write len bytes to a new file \idlebench\results\NAME.csv (directories
 * created as needed, names from efi_result_name.h, never an existing file). A
 * partly written file is deleted. Returns EFI_SUCCESS or the failing status
 * (details in *r). */
EFI_STATUS efi_save_results(EFI_FILE_HANDLE root, const struct result_time *t, const char *data, size_t len,
			    struct efi_save_report *r);
/* Text for the statuses a file write can end with. */
const char *efi_status_text(EFI_STATUS st);

#endif

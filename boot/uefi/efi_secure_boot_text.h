/* The `secure_boot` metadata value of the UEFI application from what
 * GetVariable returned for the SecureBoot global variable (UEFI 2.10, 3.3:
 * UINT8, 1 = the firmware runs in Secure Boot mode, 0 = not; a firmware that
 * cannot do Secure Boot has no such variable). Pure code, unit-tested on the
 * host; the firmware call is in efi_secure_boot.c. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_SECURE_BOOT_TEXT_H
#define IDLEBENCH_BOOT_UEFI_EFI_SECURE_BOOT_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* How GetVariable ended. */
enum secure_boot_read {
	SECURE_BOOT_READ_OK,        /* data and size are the variable's */
	SECURE_BOOT_READ_NOT_FOUND, /* EFI_NOT_FOUND: no SecureBoot variable */
	SECURE_BOOT_READ_FAILED,    /* any other status */
};

/* Write "1", "0" or "unknown (<why>)" to out: 1/0 for a one-byte variable
 * of that value, 0 when the variable does not exist; unknown when the read
 * failed, the variable has another size or a reserved value. */
void secure_boot_text(char *out, size_t cap, enum secure_boot_read how, size_t size, uint8_t value);

#endif

/* Whether the firmware runs in Secure Boot mode, for the `secure_boot`
 * metadata key of the UEFI application. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_SECURE_BOOT_H
#define IDLEBENCH_BOOT_UEFI_EFI_SECURE_BOOT_H

#include <stddef.h>

#include <efi.h>

/* Read the SecureBoot variable through the runtime services and write
 * "1", "0" or "unknown (<why>)" to out (efi_secure_boot_text.h). */
void efi_read_secure_boot(EFI_RUNTIME_SERVICES *rt, char *out, size_t cap);

#endif

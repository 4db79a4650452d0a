/* The secure_boot metadata value (efi_secure_boot_text.h). */
#include "boot/uefi/efi_secure_boot_text.h"

#include "lib/fmt.h"

void secure_boot_text(char *out, size_t cap, enum secure_boot_read how, size_t size, uint8_t value)
{
	switch (how) {
	case SECURE_BOOT_READ_NOT_FOUND:
		fmt_snprintf(out, cap, "0");
		return;
	case SECURE_BOOT_READ_FAILED:
		fmt_snprintf(out, cap, "unknown (GetVariable SecureBoot failed)");
		return;
	case SECURE_BOOT_READ_OK:
		break;
	}
	if (size != 1)
		fmt_snprintf(out, cap, "unknown (SecureBoot variable is %llu bytes, not 1)", (unsigned long long)size);
	else if (value > 1)
		fmt_snprintf(out, cap, "unknown (SecureBoot variable holds the reserved value %u)", value);
	else
		fmt_snprintf(out, cap, "%u", value);
}

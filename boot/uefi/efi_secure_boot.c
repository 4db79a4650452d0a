/* The SecureBoot variable (UEFI 2.10, 3.3 "Globally Defined Variables"). */
#include "boot/uefi/efi_secure_boot.h"

#include "boot/uefi/efi_secure_boot_text.h"

static EFI_GUID global_variable_guid = EFI_GLOBAL_VARIABLE;

void efi_read_secure_boot(EFI_RUNTIME_SERVICES *rt, char *out, size_t cap)
{
	UINT8 value[8] = { 0 }; /* room to see a wrong size instead of EFI_BUFFER_TOO_SMALL */
	UINTN size = sizeof value;
	UINT32 attributes;
	EFI_STATUS st = uefi_call_wrapper(rt->GetVariable, 5, L"SecureBoot", &global_variable_guid, &attributes,
					  &size, value);
	enum secure_boot_read how = st == EFI_SUCCESS	? SECURE_BOOT_READ_OK
				    : st == EFI_NOT_FOUND ? SECURE_BOOT_READ_NOT_FOUND
							  : SECURE_BOOT_READ_FAILED;

	secure_boot_text(out, cap, how, size, value[0]);
}

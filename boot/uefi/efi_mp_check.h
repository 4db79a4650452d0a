/* After the hand-back: can the firmware use the siblings idlebench took over
 * again? EFI_MP_SERVICES_PROTOCOL (UEFI PI 1.7, Vol. 2, 13.4) runs a small
 * procedure on each of them, with a timeout. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_MP_CHECK_H
#define IDLEBENCH_BOOT_UEFI_EFI_MP_CHECK_H

#include <efi.h>

/* Ask the firmware to run a procedure on every AP the run started; says on
 * serial and screen what happened (one line per AP, or why nothing was
 * checked). */
void efi_mp_check_siblings(EFI_BOOT_SERVICES *bs);
/* Before the run: tell the firmware's MP services (EnableDisableAP) that
 * every enabled AP is disabled, so no firmware code dispatches work to the
 * CPUs the run takes over; says how many. */
void efi_mp_disable_aps(EFI_BOOT_SERVICES *bs);
/* After the hand-back, before efi_mp_check_siblings: enable them again. */
void efi_mp_enable_aps(EFI_BOOT_SERVICES *bs);

#endif

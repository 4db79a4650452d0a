/* The firmware's consoles after the hand-back: when no UART carried the
 * stream during the run (console=none, or none answered), the app prints the
 * captured stream and its own messages through them, so a BMC that shows the
 * firmware console gets the result too. Two ways out, each byte once:
 * ConOut (UEFI 2.10, 12.4: the firmware's screen and, on most servers, its
 * serial console redirection), and every EFI_SERIAL_IO_PROTOCOL port (12.8)
 * that ConOut does not already write to. Only while boot services run. */
#ifndef IDLEBENCH_BOOT_UEFI_EFI_FW_CONSOLE_H
#define IDLEBENCH_BOOT_UEFI_EFI_FW_CONSOLE_H

#include <efi.h>
#include <stdbool.h>
#include <stddef.h>

/* What efi_fw_console_open found. */
struct efi_fw_console_ports {
	bool conout;              /* the system table has a ConOut */
	unsigned serial;          /* EFI_SERIAL_IO_PROTOCOL handles */
	unsigned behind_conout;   /* of those, the ones a ConOut terminal writes to (skipped) */
	unsigned direct;          /* the ones written to directly */
};

/* Find the ports; every later write goes to ConOut and the direct ports. */
void efi_fw_console_open(EFI_SYSTEM_TABLE *st, struct efi_fw_console_ports *found);
/* Write n bytes of stream text ("\n" line ends; sent as "\r\n"). A serial
 * port whose Write fails (a timeout: nothing drains it) is not written to
 * again; efi_fw_console_failed counts them. */
void efi_fw_console_write(const char *s, size_t n);
unsigned efi_fw_console_failed(void);

#endif

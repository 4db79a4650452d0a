/* The firmware's consoles (see efi_fw_console.h).
 *
 * Which serial ports ConOut already covers: EDK2-style firmware puts a
 * terminal driver on a serial port (a child handle that opens the port's
 * SerialIo BY_CHILD_CONTROLLER and carries SIMPLE_TEXT_OUTPUT), and the
 * console splitter, whose virtual handle is the system table's
 * ConsoleOutHandle, opens that child's SIMPLE_TEXT_OUTPUT for the virtual
 * handle (GET_PROTOCOL in EDK2's ConSplitterStart; UEFI 2.10, 7.3
 * OpenProtocolInformation lists every open with its controller). A port
 * with such a terminal, or whose terminal is ConOut itself, gets the text
 * through ConOut; writing it there again would print every line twice on the
 * BMC's console. Every other port (no terminal, or one the firmware left out
 * of ConOut) is written to directly, as raw bytes. */
#include <efi.h>

#include "boot/uefi/efi_fw_console.h"
#include "boot/uefi/efi_text.h"

#define MAX_PORTS 8

static EFI_GUID serial_io_guid = EFI_SERIAL_IO_PROTOCOL_GUID;
static EFI_GUID text_out_guid = EFI_SIMPLE_TEXT_OUTPUT_PROTOCOL_GUID;

static SIMPLE_TEXT_OUTPUT_INTERFACE *conout;
static SERIAL_IO_INTERFACE *ports[MAX_PORTS];
static bool port_dead[MAX_PORTS];
static unsigned port_count, failed;

/* Is protocol g on handle h open for the controller `by`, with one of the
 * attributes in mask? The controllers of all such opens are appended to
 * children (when not NULL). */
static bool opened_for(EFI_BOOT_SERVICES *bs, EFI_HANDLE h, EFI_GUID *g, UINT32 mask, EFI_HANDLE by,
		       EFI_HANDLE *children, unsigned *child_count, unsigned child_cap)
{
	EFI_OPEN_PROTOCOL_INFORMATION_ENTRY *e = NULL;
	UINTN n = 0;
	bool found = false;

	if (EFI_ERROR(uefi_call_wrapper(bs->OpenProtocolInformation, 4, h, g, &e, &n)) || !e)
		return false;
	for (UINTN i = 0; i < n; i++) {
		if (!(e[i].Attributes & mask))
			continue;
		if (by && e[i].ControllerHandle == by)
			found = true;
		if (children && *child_count < child_cap)
			children[(*child_count)++] = e[i].ControllerHandle;
	}
	uefi_call_wrapper(bs->FreePool, 1, e);
	return found;
}

static bool behind_conout(EFI_BOOT_SERVICES *bs, EFI_HANDLE port, EFI_HANDLE conout_handle)
{
	EFI_HANDLE children[8];
	unsigned count = 0;

	opened_for(bs, port, &serial_io_guid, EFI_OPEN_PROTOCOL_BY_CHILD_CONTROLLER, NULL, children, &count, 8);
	for (unsigned i = 0; i < count; i++) {
		if (children[i] == conout_handle)
			return true; /* the terminal is ConOut itself (no splitter) */
		if (opened_for(bs, children[i], &text_out_guid, ~0u, conout_handle, NULL, NULL, 0))
			return true;
	}
	return false;
}

void efi_fw_console_open(EFI_SYSTEM_TABLE *st, struct efi_fw_console_ports *found)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	EFI_HANDLE *handles = NULL;
	UINTN n = 0;

	conout = st->ConOut;
	port_count = failed = 0;
	*found = (struct efi_fw_console_ports){ .conout = conout != NULL };
	if (EFI_ERROR(uefi_call_wrapper(bs->LocateHandleBuffer, 5, ByProtocol, &serial_io_guid, NULL, &n, &handles)) ||
	    !handles)
		return;
	found->serial = (unsigned)n;
	for (UINTN i = 0; i < n; i++) {
		SERIAL_IO_INTERFACE *io = NULL;
		if (conout && behind_conout(bs, handles[i], st->ConsoleOutHandle)) {
			found->behind_conout++;
			continue;
		}
		if (port_count == MAX_PORTS ||
		    EFI_ERROR(uefi_call_wrapper(bs->HandleProtocol, 3, handles[i], &serial_io_guid, (void **)&io)) || !io)
			continue;
		port_dead[port_count] = false;
		ports[port_count++] = io;
	}
	found->direct = port_count;
	uefi_call_wrapper(bs->FreePool, 1, handles);
}

static void write_conout(const char *s, size_t n)
{
	CHAR16 text[256];

	while (n) {
		size_t used;
		efi_text_crlf(s, n, &used, text, sizeof text / sizeof text[0], sizeof text[0]);
		/* Warnings (EFI_WARN_UNKNOWN_GLYPH) and errors alike: the next
		 * chunk is tried; nothing else could show them. */
		uefi_call_wrapper(conout->OutputString, 2, conout, text);
		s += used, n -= used;
	}
}

static void write_port(unsigned p, const char *s, size_t n)
{
	char bytes[512];

	while (n && !port_dead[p]) {
		size_t used;
		UINTN len = efi_text_crlf(s, n, &used, bytes, sizeof bytes, 1), want = len;
		EFI_STATUS st = uefi_call_wrapper(ports[p]->Write, 3, ports[p], &len, bytes);
		if (EFI_ERROR(st) || len != want) {
			port_dead[p] = true;
			failed++;
		}
		s += used, n -= used;
	}
}

void efi_fw_console_write(const char *s, size_t n)
{
	if (conout)
		write_conout(s, n);
	for (unsigned p = 0; p < port_count; p++)
		write_port(p, s, n);
}

unsigned efi_fw_console_failed(void)
{
	return failed;
}

/* The `console=` option: which UARTs carry the stream (the screen always
 * does). Pure parsing; the UARTs are found and started by console.c.
 *
 *   auto                      the SPCR's UART when the table names a usable
 *                             one, and ttyS0,115200 (the default)
 *   none                      no UART
 *   ITEM[+ITEM...]            up to CONSOLE_MAX_ITEMS of:
 *     ttyS0..3[,baud]         COM1..COM4 (0x3F8, 0x2F8, 0x3E8, 0x2E8), 115200 by default
 *     spcr                    the UART the ACPI SPCR table describes
 *     io,0xPORT[,baud]        a 16550 at another I/O port
 *     mmio,0xADDR[,baud]      memory-mapped, byte registers at stride 1
 *     mmio32,0xADDR[,baud]    memory-mapped, 32-bit registers at stride 4
 *     pci,BB:DD.F[,baud]      the PCI UART at bus:device.function (hex,
 *                             segment 0), registers at its BAR0 (I/O or memory)
 * A baud rate must divide 115200 (the PC's 1.8432 MHz UART clock); without
 * one, io/mmio/mmio32/pci keep the rate the firmware set (as Linux's earlycon
 * does), since such UARTs often run from another clock. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_CONSOLE_OPTION_H
#define IDLEBENCH_KERNEL_CONSOLE_CONSOLE_OPTION_H

#include <stdbool.h>
#include <stdint.h>

#include "core/options/uart_config.h"

/* Most UARTs named in one console= value. */
#define CONSOLE_MAX_ITEMS 4
/* Longest text of one item ("mmio32,0xffffffffffffffff,115200" fits). */
#define CONSOLE_ITEM_TEXT 40

/* The kinds of item, in the order of the syntax above. */
enum console_kind { CONSOLE_TTYS, CONSOLE_SPCR, CONSOLE_IO, CONSOLE_MMIO, CONSOLE_MMIO32, CONSOLE_PCI };

/* One named UART. */
struct console_item {
	enum console_kind kind;
	char text[CONSOLE_ITEM_TEXT]; /* the item as written: the name in meta and errors */
	struct uart_config uart;      /* complete for ttyS/io/mmio/mmio32; baud only for pci; unused for spcr */
	uint8_t pci_bus, pci_device, pci_function;
};

/* A parsed console= value. */
struct console_request {
	bool automatic;   /* auto: SPCR's UART if usable, and ttyS0 */
	unsigned count;   /* items; 0 with automatic false = none */
	struct console_item items[CONSOLE_MAX_ITEMS];
};

/* Parse a console= value; false (and *out untouched) when it is not valid. */
bool console_option_parse(const char *value, struct console_request *out);
/* Option-table validator: NULL when valid, else the reason. */
const char *console_option_validate(const char *value);

#endif

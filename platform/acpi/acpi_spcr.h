/* The Serial Port Console Redirection table (Microsoft, "Serial Port Console
 * Redirection Table", revision 4; ACPICA struct acpi_table_spcr): which UART
 * the firmware and its BMC use as the console. */
#ifndef IDLEBENCH_PLATFORM_ACPI_ACPI_SPCR_H
#define IDLEBENCH_PLATFORM_ACPI_ACPI_SPCR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/acpi/acpi_error.h"

/* Interface types (DBG2 serial port subtypes, DBG2 Table 3) a 16550 driver
 * serves; the others (PL011, SBSA, DCC, ...) are not x86 UARTs. */
#define ACPI_SPCR_16550        0x00 /* full 16550 */
#define ACPI_SPCR_16450        0x01 /* 16450 subset (accepts FCR writes) */
#define ACPI_SPCR_16550_GAS    0x12 /* 16550-compatible, register width from the GAS */

/* ACPI 6.5 Table 5.1 address spaces a UART can sit in. */
#define ACPI_GAS_SYSTEM_MEMORY 0
#define ACPI_GAS_SYSTEM_IO     1

/* What the table says, field by field (no decision made here). */
struct acpi_spcr_info {
	uint8_t revision;        /* table revision (header byte 8) */
	uint8_t interface_type;  /* ACPI_SPCR_* or another DBG2 subtype */
	uint8_t space_id;        /* base address GAS: address space */
	uint8_t bit_width;       /* GAS register bit width */
	uint8_t bit_offset;      /* GAS register bit offset */
	uint8_t access_size;     /* GAS access size: 0 undefined, 1 byte, 2 word, 3 dword, 4 qword */
	uint64_t address;        /* GAS address; 0 = console redirection disabled */
	uint8_t baud_code;       /* Configured Baud Rate: 0 as is, 3 9600, 4 19200, 6 57600, 7 115200 */
	uint32_t baud;           /* the baud rate in bit/s; 0 = keep what the firmware programmed */
	uint8_t parity, stop_bits, flow_control, terminal_type;
	uint16_t pci_device_id;  /* 0xFFFF when the UART is not a PCI device */
	uint16_t pci_vendor_id;
	uint8_t pci_bus, pci_device, pci_function;
	uint32_t pci_flags;
	uint8_t pci_segment;
	uint32_t uart_clock_hz;  /* revision >= 3; 0 = not given */
	uint32_t precise_baud;   /* revision >= 4; 0 = use baud_code */
};

/* Parse the SPCR in table[0..len) (already checked by acpi_table_check).
 * Fields a short (revision 1/2) table lacks are 0. */
enum acpi_err acpi_spcr_parse(const uint8_t *table, size_t len, struct acpi_spcr_info *out);

/* True when the SPCR names a PCI device (PCI Device ID other than 0xFFFF). */
bool acpi_spcr_is_pci(const struct acpi_spcr_info *spcr);

#endif

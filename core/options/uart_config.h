/* Where one 16550-compatible UART's registers are and how to reach them:
 * the common description of a COM port, a memory-mapped UART, a PCI UART's
 * BAR and the UART the ACPI SPCR names. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_UART_CONFIG_H
#define IDLEBENCH_KERNEL_CONSOLE_UART_CONFIG_H

#include <stdint.h>

/* The 16550's reference clock on a PC (1.8432 MHz): divisor = 115200 / baud. */
#define UART_CLOCK_PC 1843200u

/* How the registers are reached. */
enum uart_access {
	UART_IO,     /* I/O ports, register n at base + n, byte accesses */
	UART_MMIO,   /* memory, register n at base + n, byte accesses (Linux: mmio) */
	UART_MMIO32, /* memory, register n at base + 4n, 32-bit accesses (Linux: mmio32) */
};

/* One UART. */
struct uart_config {
	enum uart_access access;
	uint64_t base;      /* I/O port or physical address of register 0 */
	uint32_t baud;      /* bit/s; 0 = keep the divisor the firmware programmed */
	uint32_t clock_hz;  /* reference clock (UART_CLOCK_PC unless a table says otherwise) */
};

#endif

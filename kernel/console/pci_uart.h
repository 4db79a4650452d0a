/* A PCI UART's registers from its configuration space: BAR0 as an I/O or a
 * memory range, its decoding turned on. Pure logic over a configuration
 * space accessor, so the host tests drive it with a made-up device. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_PCI_UART_H
#define IDLEBENCH_KERNEL_CONSOLE_PCI_UART_H

#include <stdint.h>

#include "core/options/uart_config.h"

/* Configuration space of one function: dword read and write at offset. */
struct pci_function_access {
	uint32_t (*read32)(void *ctx, uint8_t offset);
	void (*write32)(void *ctx, uint8_t offset, uint32_t value);
	void *ctx;
};

/* Fill out->access and out->base from BAR0 (I/O: byte registers at stride 1;
 * memory: mmio, byte registers at stride 1, the 16550 layout of PCI serial
 * cards) and set the command register's I/O or memory decode bit if the
 * firmware left it clear. Returns NULL, or why the function cannot be used
 * (no device, BAR0 unassigned or above the identity map). */
const char *pci_uart_locate(const struct pci_function_access *pci, struct uart_config *out);

#endif

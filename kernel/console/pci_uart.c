/* Type 0 configuration header (PCI Local Bus Specification 3.0, 6.1, 6.2.5):
 * vendor ID at 0, command at 4 (bit 0 I/O space, bit 1 memory space), BAR0
 * at 0x10 (bit 0 = I/O; memory type in bits 2:1, 10b = 64-bit with the high
 * half in BAR1). */
#include <stddef.h>

#include "kernel/console/pci_uart.h"

#define PCI_VENDOR_ID   0x00
#define PCI_COMMAND     0x04
#define  PCI_COMMAND_IO     0x1
#define  PCI_COMMAND_MEMORY 0x2
#define PCI_BAR0        0x10
#define PCI_BAR1        0x14
#define  PCI_BAR_IO         0x1
#define  PCI_BAR_MEM_TYPE   0x6
#define  PCI_BAR_MEM_64     0x4

const char *pci_uart_locate(const struct pci_function_access *pci, struct uart_config *out)
{
	uint32_t id = pci->read32(pci->ctx, PCI_VENDOR_ID);
	if ((id & 0xFFFF) == 0xFFFF || (id & 0xFFFF) == 0)
		return "no PCI device at that address";
	uint32_t bar = pci->read32(pci->ctx, PCI_BAR0);
	uint32_t decode;
	if (bar & PCI_BAR_IO) {
		out->access = UART_IO;
		out->base = bar & ~0x3u;
		decode = PCI_COMMAND_IO;
		/* BARs decode 32 bits of I/O address; x86 IN/OUT reach 16 */
		if (out->base > 0xFFFF)
			return "I/O BAR0 lies beyond the 64 KiB x86 port space";
	} else {
		out->access = UART_MMIO;
		out->base = bar & ~0xFull;
		if ((bar & PCI_BAR_MEM_TYPE) == PCI_BAR_MEM_64)
			out->base |= (uint64_t)pci->read32(pci->ctx, PCI_BAR1) << 32;
		decode = PCI_COMMAND_MEMORY;
		if (out->base >= (1ull << 47))
			return "BAR0 lies beyond the 47-bit identity map";
	}
	if (!out->base)
		return "BAR0 is not assigned (the firmware gave the device no registers)";
	uint32_t cmd = pci->read32(pci->ctx, PCI_COMMAND);
	if (!(cmd & decode))
		pci->write32(pci->ctx, PCI_COMMAND, (cmd & 0xFFFF) | decode); /* status bits are write-1-to-clear */
	return NULL;
}

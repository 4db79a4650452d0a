/* PCI configuration space through configuration mechanism #1 (ports 0xCF8 /
 * 0xCFC; PCI Local Bus Specification 3.0, 3.2.2.3.2): segment 0 only, which
 * is where firmware puts the console UARTs we are asked for. */
#ifndef IDLEBENCH_KERNEL_ARCH_PCI_CONFIG_H
#define IDLEBENCH_KERNEL_ARCH_PCI_CONFIG_H

#include <stdint.h>

/* Read the dword at offset (a multiple of 4, < 256) of bus:device.function. */
uint32_t pci_config_read32(uint8_t bus, uint8_t device, uint8_t function, uint8_t offset);
/* Write that dword. */
void pci_config_write32(uint8_t bus, uint8_t device, uint8_t function, uint8_t offset, uint32_t value);

#endif

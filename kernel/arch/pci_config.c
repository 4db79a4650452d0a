/* Configuration mechanism #1: CONFIG_ADDRESS at 0xCF8 = enable bit 31,
 * bus 23:16, device 15:11, function 10:8, register 7:2; data at 0xCFC. */
#include "kernel/arch/pci_config.h"
#include "kernel/arch/x86.h"

#define PCI_CONFIG_ADDRESS 0xCF8
#define PCI_CONFIG_DATA    0xCFC
#define PCI_CONFIG_ENABLE  0x80000000u

static uint32_t config_address(uint8_t bus, uint8_t device, uint8_t function, uint8_t offset)
{
	return PCI_CONFIG_ENABLE | (uint32_t)bus << 16 | (uint32_t)(device & 0x1F) << 11 |
	       (uint32_t)(function & 7) << 8 | (offset & 0xFC);
}

uint32_t pci_config_read32(uint8_t bus, uint8_t device, uint8_t function, uint8_t offset)
{
	outl(PCI_CONFIG_ADDRESS, config_address(bus, device, function, offset));
	return inl(PCI_CONFIG_DATA);
}

void pci_config_write32(uint8_t bus, uint8_t device, uint8_t function, uint8_t offset, uint32_t value)
{
	outl(PCI_CONFIG_ADDRESS, config_address(bus, device, function, offset));
	outl(PCI_CONFIG_DATA, value);
}

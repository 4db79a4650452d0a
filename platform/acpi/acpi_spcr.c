/* SPCR fields (Microsoft SPCR specification, revision 4: Interface Type at
 * 36, Base Address GAS at 40, Configured Baud Rate at 58, PCI fields at
 * 64-75, UART Clock Frequency at 76 (rev 3), Precise Baud Rate at 80 (rev 4)).
 * A revision 1/2 table is 80 bytes long; the last four are reserved there. */
#include "platform/acpi/acpi_spcr.h"
#include "platform/acpi/acpi_table.h"
#include "lib/mem.h"

#define SPCR_INTERFACE_TYPE 36
#define SPCR_BASE_GAS       40
#define SPCR_BAUD_RATE      58
#define SPCR_PARITY         59
#define SPCR_STOP_BITS      60
#define SPCR_FLOW_CONTROL   61
#define SPCR_TERMINAL_TYPE  62
#define SPCR_PCI_DEVICE_ID  64
#define SPCR_PCI_VENDOR_ID  66
#define SPCR_PCI_BUS        68
#define SPCR_PCI_DEVICE     69
#define SPCR_PCI_FUNCTION   70
#define SPCR_PCI_FLAGS      71
#define SPCR_PCI_SEGMENT    75
#define SPCR_UART_CLOCK     76 /* revision >= 3 */
#define SPCR_PRECISE_BAUD   80 /* revision >= 4 */
#define SPCR_MIN_LEN        76 /* through PCI Segment: every revision has it */

/* Configured Baud Rate codes (the specification's table: 3, 4, 6, 7; 0 = the
 * OS relies on the firmware's setting; the rest are reserved). */
static uint32_t baud_from_code(uint8_t code)
{
	switch (code) {
	case 3: return 9600;
	case 4: return 19200;
	case 6: return 57600;
	case 7: return 115200;
	default: return 0;
	}
}

enum acpi_err acpi_spcr_parse(const uint8_t *t, size_t len, struct acpi_spcr_info *out)
{
	memset(out, 0, sizeof *out);
	if (len < SPCR_MIN_LEN)
		return ACPI_ERR_TABLE_TOO_SHORT;
	out->revision = t[8];
	out->interface_type = t[SPCR_INTERFACE_TYPE];
	out->space_id = t[SPCR_BASE_GAS];
	out->bit_width = t[SPCR_BASE_GAS + 1];
	out->bit_offset = t[SPCR_BASE_GAS + 2];
	out->access_size = t[SPCR_BASE_GAS + 3];
	out->address = acpi_le64(t + SPCR_BASE_GAS + 4);
	out->baud_code = t[SPCR_BAUD_RATE];
	out->parity = t[SPCR_PARITY];
	out->stop_bits = t[SPCR_STOP_BITS];
	out->flow_control = t[SPCR_FLOW_CONTROL];
	out->terminal_type = t[SPCR_TERMINAL_TYPE];
	out->pci_device_id = acpi_le16(t + SPCR_PCI_DEVICE_ID);
	out->pci_vendor_id = acpi_le16(t + SPCR_PCI_VENDOR_ID);
	out->pci_bus = t[SPCR_PCI_BUS];
	out->pci_device = t[SPCR_PCI_DEVICE];
	out->pci_function = t[SPCR_PCI_FUNCTION];
	out->pci_flags = acpi_le32(t + SPCR_PCI_FLAGS);
	out->pci_segment = t[SPCR_PCI_SEGMENT];
	/* Revisions 1 and 2 have these bytes reserved (must be 0, but are not
	 * always): read them only where the revision defines them. */
	if (out->revision >= 3 && len >= SPCR_UART_CLOCK + 4)
		out->uart_clock_hz = acpi_le32(t + SPCR_UART_CLOCK);
	if (out->revision >= 4 && len >= SPCR_PRECISE_BAUD + 4)
		out->precise_baud = acpi_le32(t + SPCR_PRECISE_BAUD);
	out->baud = out->precise_baud ? out->precise_baud : baud_from_code(out->baud_code);
	return ACPI_OK;
}

bool acpi_spcr_is_pci(const struct acpi_spcr_info *spcr)
{
	return spcr->pci_device_id != 0xFFFF;
}

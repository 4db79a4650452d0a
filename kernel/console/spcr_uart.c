/* SPCR -> uart_config (spcr_uart.h). The SPCR specification: a base address
 * of 0 means console redirection is disabled (HP ProLiant G5/G7 ship such
 * tables, tests/fixtures/acpi-corpus); the GAS access size is 1 byte,
 * 2 word, 3 dword (ACPI 6.5 Table 5.1), and tables that leave it 0 give the
 * width in Register Bit Width instead. */
#include "kernel/console/spcr_uart.h"
#include "lib/fmt.h"
#include "lib/mem.h"

/* Register width in bits from the GAS: access size first, else bit width. */
static unsigned register_bits(const struct acpi_spcr_info *spcr)
{
	if (spcr->access_size >= 1 && spcr->access_size <= 4)
		return 8u << (spcr->access_size - 1);
	return spcr->bit_width ? spcr->bit_width : 8;
}

bool spcr_uart_config(const struct acpi_spcr_info *spcr, struct uart_config *out, char *why, size_t why_len)
{
	memset(out, 0, sizeof *out);
	if (spcr->interface_type != ACPI_SPCR_16550 && spcr->interface_type != ACPI_SPCR_16450 &&
	    spcr->interface_type != ACPI_SPCR_16550_GAS) {
		fmt_snprintf(why, why_len, "SPCR interface type 0x%x is not a 16550-compatible UART",
			     spcr->interface_type);
		return false;
	}
	if (!spcr->address) {
		fmt_snprintf(why, why_len, "SPCR base address is 0: the firmware has console redirection disabled");
		return false;
	}
	if (spcr->space_id == ACPI_GAS_SYSTEM_IO) {
		if (spcr->address > 0xFFF8) {
			fmt_snprintf(why, why_len, "SPCR I/O port 0x%llx out of range",
				     (unsigned long long)spcr->address);
			return false;
		}
		out->access = UART_IO;
	} else if (spcr->space_id == ACPI_GAS_SYSTEM_MEMORY) {
		unsigned bits = register_bits(spcr);
		if (bits != 8 && bits != 32) {
			fmt_snprintf(why, why_len, "SPCR UART has %u-bit registers (8 or 32 supported)", bits);
			return false;
		}
		if (spcr->address >= (1ull << 47)) {
			fmt_snprintf(why, why_len, "SPCR address 0x%llx beyond the 47-bit identity map",
				     (unsigned long long)spcr->address);
			return false;
		}
		out->access = bits == 32 ? UART_MMIO32 : UART_MMIO;
	} else {
		fmt_snprintf(why, why_len, "SPCR address space %u is neither SystemIO nor SystemMemory", spcr->space_id);
		return false;
	}
	out->base = spcr->address;
	out->baud = spcr->baud;
	out->clock_hz = spcr->uart_clock_hz ? spcr->uart_clock_hz : UART_CLOCK_PC;
	return true;
}

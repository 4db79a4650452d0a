/* The SPCR parser (platform/acpi/acpi_spcr.c) and what the console makes of a
 * table (kernel/console/spcr_uart.c), on real servers' tables and crafted
 * ones. Expected values of the real tables were read from ACPICA's
 * disassembly (acpica-tools 20200925: `acpixtract -s SPCR`, `iasl -d`), the
 * field name of each in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "platform/acpi/acpi_spcr.h"
#include "platform/acpi/acpi_summary.h"
#include "platform/acpi/acpi_table.h"
#include "platform/acpi/acpi_tables.h"
#include "kernel/console/spcr_uart.h"
#include "tools/cli/acpidump_text.h"

#define CORPUS "tests/fixtures/acpi-corpus/"

/* The dump's SPCR through the table set and the summary, as the kernel gets it. */
static enum acpi_err summary_spcr(const char *file, struct acpi_spcr_info *out)
{
	struct acpidump dump;
	struct acpidump_error err;
	static struct acpi_table_set set;
	static struct acpi_summary s;

	if (acpidump_read_path(file, ACPIDUMP_LENIENT, &dump, &err))
		fail_msg("%s: %s (line %u)", file, err.text, err.line);
	acpi_tables_init(&set);
	for (size_t i = 0; i < dump.count; i++)
		if (strcmp(dump.tables[i].name, "RSDP"))
			acpi_tables_add(&set, dump.tables[i].data, dump.tables[i].len, 0);
	acpi_summarize(&set, &s);
	acpidump_free(&dump);
	*out = s.spcr;
	return s.spcr_status;
}

/* HP ProLiant DL165 G7 (AMD Opteron 6100): Revision 01, Interface Type 00,
 * Space ID 00 [SystemMemory], Bit Width 00, Encoded Access Width 00, Address
 * 0, PCAT-compatible IRQ 03, Baud Rate 03, Stop Bits 01, Flow Control 00,
 * PCI Device ID FFFF. Address 0: console redirection is off in the BIOS. */
static void test_hp_dl165_g7_redirection_disabled(void **state)
{
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	assert_int_equal(summary_spcr(CORPUS "Server__Hewlett-Packard__ProLiant__ProLiant_DL165_G7__1979FBF2D488.bin.txt",
				      &spcr), ACPI_OK);
	assert_int_equal(spcr.revision, 1);
	assert_int_equal(spcr.interface_type, ACPI_SPCR_16550);
	assert_int_equal(spcr.space_id, ACPI_GAS_SYSTEM_MEMORY);
	assert_int_equal(spcr.bit_width, 0);
	assert_int_equal(spcr.access_size, 0);
	assert_true(spcr.address == 0);
	assert_int_equal(spcr.baud_code, 3);
	assert_int_equal(spcr.baud, 9600);
	assert_int_equal(spcr.stop_bits, 1);
	assert_int_equal(spcr.flow_control, 0);
	assert_int_equal(spcr.pci_device_id, 0xFFFF);
	assert_false(acpi_spcr_is_pci(&spcr));
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));
	assert_non_null(strstr(why, "disabled"));
}

/* HP ProLiant DL360 G7 (Xeon 5600): the same layout, PCAT-compatible IRQ 04,
 * Flow Control 03 (DCD and RTS/CTS), Address 0. */
static void test_hp_dl360_g7_redirection_disabled(void **state)
{
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	assert_int_equal(summary_spcr(CORPUS "Server__Hewlett-Packard__ProLiant__ProLiant_DL360_G7__60DCEE46526A.bin.txt",
				      &spcr), ACPI_OK);
	assert_int_equal(spcr.revision, 1);
	assert_int_equal(spcr.flow_control, 3);
	assert_int_equal(spcr.baud, 9600);
	assert_true(spcr.address == 0);
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));
}

/* A machine without an SPCR: the summary says so. */
static void test_desktop_without_spcr(void **state)
{
	struct acpi_spcr_info spcr;

	(void)state;
	assert_int_equal(summary_spcr(CORPUS "Desktop__ASRock__X370__X370_Pro4__D168CDF2391B.bin.txt", &spcr),
			 ACPI_ERR_NOT_FOUND);
}

/* A crafted SPCR of rev bytes: interface, GAS, baud code, PCI fields. */
static void craft(uint8_t *t, size_t len, uint8_t revision, uint8_t type, uint8_t space, uint8_t bit_width,
		  uint8_t access, uint64_t address, uint8_t baud_code)
{
	memset(t, 0, len);
	memcpy(t, "SPCR", 4);
	t[4] = (uint8_t)len;
	t[8] = revision;
	t[36] = type;
	t[40] = space;
	t[41] = bit_width;
	t[43] = access;
	for (int i = 0; i < 8; i++)
		t[44 + i] = (uint8_t)(address >> (8 * i));
	t[58] = baud_code;
	t[60] = 1;
	t[64] = t[65] = t[66] = t[67] = 0xFF;
	t[9] = (uint8_t)(0 - acpi_checksum(t, len));
}

static void test_crafted_io_port_at_57600(void **state)
{
	uint8_t t[80];
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	craft(t, sizeof t, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0x2E0, 6);
	assert_int_equal(acpi_table_check(t, sizeof t, "SPCR"), ACPI_OK);
	assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
	assert_int_equal(spcr.baud, 57600);
	assert_true(spcr_uart_config(&spcr, &c, why, sizeof why));
	assert_int_equal(c.access, UART_IO);
	assert_int_equal(c.base, 0x2E0);
	assert_int_equal(c.baud, 57600);
	assert_int_equal(c.clock_hz, UART_CLOCK_PC);
}

/* The baud codes of the specification; 0 and reserved codes keep the firmware's rate. */
static void test_baud_codes(void **state)
{
	static const struct { uint8_t code; uint32_t baud; } codes[] = {
		{ 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 9600 }, { 4, 19200 }, { 5, 0 }, { 6, 57600 }, { 7, 115200 }, { 8, 0 },
	};
	uint8_t t[80];
	struct acpi_spcr_info spcr;

	(void)state;
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		craft(t, sizeof t, 2, 0, ACPI_GAS_SYSTEM_IO, 8, 1, 0x3F8, codes[i].code);
		assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
		assert_int_equal(spcr.baud, codes[i].baud);
	}
}

/* AMD FCH-style UART: SystemMemory, dword access, 48 MHz clock (revision 3
 * UART Clock Frequency), revision 4 Precise Baud Rate overriding the code. */
static void test_crafted_mmio32_with_clock_and_precise_baud(void **state)
{
	uint8_t t[88];
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	craft(t, sizeof t, 4, ACPI_SPCR_16550_GAS, ACPI_GAS_SYSTEM_MEMORY, 32, 3, 0xFEDC9000, 7);
	t[76] = 0x00; t[77] = 0x6C; t[78] = 0xDC; t[79] = 0x02;  /* 48000000 */
	t[80] = 0x00; t[81] = 0x10; t[82] = 0x0E; t[83] = 0x00;  /* 921600 */
	assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
	assert_int_equal(spcr.uart_clock_hz, 48000000);
	assert_int_equal(spcr.precise_baud, 921600);
	assert_int_equal(spcr.baud, 921600);
	assert_true(spcr_uart_config(&spcr, &c, why, sizeof why));
	assert_int_equal(c.access, UART_MMIO32);
	assert_true(c.base == 0xFEDC9000ull);
	assert_int_equal(c.clock_hz, 48000000);

	/* Revision 2: the same bytes are reserved and not read. */
	t[8] = 2;
	assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
	assert_int_equal(spcr.uart_clock_hz, 0);
	assert_int_equal(spcr.precise_baud, 0);
	assert_int_equal(spcr.baud, 115200);
}

/* Register width: access size first (1 byte, 3 dword), else the bit width. */
static void test_register_width_from_the_gas(void **state)
{
	static const struct { uint8_t bit_width, access; bool ok; enum uart_access want; } cases[] = {
		{ 8, 1, true, UART_MMIO }, { 32, 3, true, UART_MMIO32 }, { 8, 3, true, UART_MMIO32 },
		{ 32, 0, true, UART_MMIO32 }, { 8, 0, true, UART_MMIO }, { 0, 0, true, UART_MMIO },
		{ 16, 2, false, UART_MMIO }, { 64, 4, false, UART_MMIO }, { 16, 0, false, UART_MMIO },
	};
	uint8_t t[80];
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		craft(t, sizeof t, 2, 0, ACPI_GAS_SYSTEM_MEMORY, cases[i].bit_width, cases[i].access, 0xFE030000, 7);
		assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
		assert_int_equal(spcr_uart_config(&spcr, &c, why, sizeof why), cases[i].ok);
		if (cases[i].ok)
			assert_int_equal(c.access, cases[i].want);
		else
			assert_non_null(strstr(why, "-bit registers"));
	}
}

static void test_unusable_tables_say_why(void **state)
{
	uint8_t t[80];
	struct acpi_spcr_info spcr;
	struct uart_config c;
	char why[128];

	(void)state;
	craft(t, sizeof t, 2, 0x03 /* ARM PL011 */, ACPI_GAS_SYSTEM_MEMORY, 32, 3, 0x9000000, 7);
	acpi_spcr_parse(t, sizeof t, &spcr);
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));
	assert_non_null(strstr(why, "interface type 0x3"));

	craft(t, sizeof t, 2, 0, 2 /* PCI configuration space */, 8, 1, 0x1000, 7);
	acpi_spcr_parse(t, sizeof t, &spcr);
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));
	assert_non_null(strstr(why, "address space 2"));

	craft(t, sizeof t, 2, 0, ACPI_GAS_SYSTEM_IO, 8, 1, 0x10000, 7);
	acpi_spcr_parse(t, sizeof t, &spcr);
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));

	craft(t, sizeof t, 2, 0, ACPI_GAS_SYSTEM_MEMORY, 8, 1, 1ull << 47, 7);
	acpi_spcr_parse(t, sizeof t, &spcr);
	assert_false(spcr_uart_config(&spcr, &c, why, sizeof why));
}

/* PCI fields (offsets 64-75) and a table too short for them. */
static void test_pci_fields_and_short_table(void **state)
{
	uint8_t t[80];
	struct acpi_spcr_info spcr;

	(void)state;
	craft(t, sizeof t, 2, 0, ACPI_GAS_SYSTEM_IO, 8, 1, 0xC050, 7);
	t[64] = 0x02; t[65] = 0x00; /* device 0x0002 */
	t[66] = 0xF4; t[67] = 0x1A; /* vendor 0x1AF4 */
	t[68] = 0x01; t[69] = 0x05; t[70] = 0x02;
	t[71] = 0x01; t[75] = 0x00;
	assert_int_equal(acpi_spcr_parse(t, sizeof t, &spcr), ACPI_OK);
	assert_true(acpi_spcr_is_pci(&spcr));
	assert_int_equal(spcr.pci_vendor_id, 0x1AF4);
	assert_int_equal(spcr.pci_device_id, 0x0002);
	assert_int_equal(spcr.pci_bus, 1);
	assert_int_equal(spcr.pci_device, 5);
	assert_int_equal(spcr.pci_function, 2);
	assert_int_equal(spcr.pci_flags, 1);
	assert_int_equal(acpi_spcr_parse(t, 75, &spcr), ACPI_ERR_TABLE_TOO_SHORT);
	assert_int_equal(acpi_spcr_parse(t, 76, &spcr), ACPI_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hp_dl165_g7_redirection_disabled),
		cmocka_unit_test(test_hp_dl360_g7_redirection_disabled),
		cmocka_unit_test(test_desktop_without_spcr),
		cmocka_unit_test(test_crafted_io_port_at_57600),
		cmocka_unit_test(test_baud_codes),
		cmocka_unit_test(test_crafted_mmio32_with_clock_and_precise_baud),
		cmocka_unit_test(test_register_width_from_the_gas),
		cmocka_unit_test(test_unusable_tables_say_why),
		cmocka_unit_test(test_pci_fields_and_short_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* console= values (core/options/console_option.c): Linux's ttyS0..ttyS3 map
 * to the PC COM1..COM4 bases 0x3F8, 0x2F8, 0x3E8, 0x2E8; io/mmio/mmio32 follow
 * Linux's earlycon names (mmio32 = 32-bit registers at stride 4); pci takes
 * lspci's hex bus:device.function; items join with '+'. A baud rate must
 * divide the 16550's 115200 base (1.8432 MHz / 16), so the divisor latch gets
 * an exact integer; without one, io/mmio/mmio32/pci keep the firmware's (0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/options/console_option.h"

static struct console_request one(const char *value)
{
	struct console_request r;

	memset(&r, 0x5a, sizeof r);
	assert_true(console_option_parse(value, &r));
	assert_null(console_option_validate(value));
	return r;
}

static void test_ttys_map_to_com1_through_com4(void **state)
{
	static const uint16_t want[4] = { 0x3F8, 0x2F8, 0x3E8, 0x2E8 };
	char value[8] = "ttyS0";

	(void)state;
	for (int i = 0; i < 4; i++) {
		value[4] = (char)('0' + i);
		struct console_request r = one(value);
		assert_false(r.automatic);
		assert_int_equal(r.count, 1);
		assert_int_equal(r.items[0].kind, CONSOLE_TTYS);
		assert_int_equal(r.items[0].uart.access, UART_IO);
		assert_int_equal(r.items[0].uart.base, want[i]);
		assert_int_equal(r.items[0].uart.baud, 115200);
		assert_int_equal(r.items[0].uart.clock_hz, 1843200);
		assert_string_equal(r.items[0].text, value);
	}
}

static void test_auto_and_none(void **state)
{
	(void)state;
	struct console_request r = one("auto");
	assert_true(r.automatic);
	assert_int_equal(r.count, 0);
	r = one("none");
	assert_false(r.automatic);
	assert_int_equal(r.count, 0);
}

static void test_baud_rates_that_divide_115200(void **state)
{
	static const uint32_t ok[] = { 115200, 57600, 38400, 19200, 9600, 4800, 2400, 1200, 300, 1 };
	static const char *const text[] = { "115200", "57600", "38400", "19200", "9600",
					    "4800", "2400", "1200", "300", "1" };
	char value[32];

	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		strcpy(value, "ttyS1,");
		strcat(value, text[i]);
		struct console_request r = one(value);
		assert_int_equal(r.items[0].uart.baud, ok[i]);
		assert_int_equal(r.items[0].uart.base, 0x2F8);
		assert_string_equal(r.items[0].text, value);
	}
	assert_int_equal(one("ttyS0,0x2580").items[0].uart.baud, 9600);
}

static void test_memory_mapped_and_io_uarts(void **state)
{
	(void)state;
	struct console_request r = one("mmio32,0xfedc9000,115200");
	assert_int_equal(r.items[0].kind, CONSOLE_MMIO32);
	assert_int_equal(r.items[0].uart.access, UART_MMIO32);
	assert_true(r.items[0].uart.base == 0xFEDC9000ull);
	assert_int_equal(r.items[0].uart.baud, 115200);

	r = one("mmio,0x4000001000");
	assert_int_equal(r.items[0].kind, CONSOLE_MMIO);
	assert_int_equal(r.items[0].uart.access, UART_MMIO);
	assert_true(r.items[0].uart.base == 0x4000001000ull);
	assert_int_equal(r.items[0].uart.baud, 0); /* keep the firmware's rate */

	r = one("io,0x2e0,9600");
	assert_int_equal(r.items[0].kind, CONSOLE_IO);
	assert_int_equal(r.items[0].uart.access, UART_IO);
	assert_int_equal(r.items[0].uart.base, 0x2E0);
	assert_int_equal(r.items[0].uart.baud, 9600);
}

static void test_pci_takes_hex_bus_device_function(void **state)
{
	(void)state;
	struct console_request r = one("pci,00:03.0");
	assert_int_equal(r.items[0].kind, CONSOLE_PCI);
	assert_int_equal(r.items[0].pci_bus, 0);
	assert_int_equal(r.items[0].pci_device, 3);
	assert_int_equal(r.items[0].pci_function, 0);
	assert_int_equal(r.items[0].uart.baud, 0);

	r = one("pci,A0:1f.7,57600");
	assert_int_equal(r.items[0].pci_bus, 0xA0);
	assert_int_equal(r.items[0].pci_device, 0x1F);
	assert_int_equal(r.items[0].pci_function, 7);
	assert_int_equal(r.items[0].uart.baud, 57600);
}

static void test_several_consoles_in_the_order_given(void **state)
{
	(void)state;
	struct console_request r = one("spcr+ttyS1,9600+pci,00:04.0+mmio32,0xfedc9000");
	assert_false(r.automatic);
	assert_int_equal(r.count, 4);
	assert_int_equal(r.items[0].kind, CONSOLE_SPCR);
	assert_string_equal(r.items[0].text, "spcr");
	assert_int_equal(r.items[1].kind, CONSOLE_TTYS);
	assert_string_equal(r.items[1].text, "ttyS1,9600");
	assert_int_equal(r.items[1].uart.baud, 9600);
	assert_int_equal(r.items[2].kind, CONSOLE_PCI);
	assert_int_equal(r.items[2].pci_device, 4);
	assert_int_equal(r.items[3].kind, CONSOLE_MMIO32);
}

static void test_invalid_values_are_rejected_with_a_reason(void **state)
{
	static const char *const bad[] = {
		"", "ttyS", "ttyS4", "ttyS9", "ttys0", "ttyS0,", "ttyS0,0", "ttyS0,7", "ttyS0,230400",
		"ttyS0,9600,8n1", "ttyS0 ", "ttyS01", "ttyS0;9600", "ttyS0,-9600", "COM1", "None", "Auto",
		"ttyUSB0", "ttyS0,99999999999999999999",
		"spcr,9600", "spcr,0x3f8", "SPCR",
		"mmio32", "mmio32,", "mmio32,0", "mmio32,0xzz", "mmio32,0x1000,7", "mmio32,0x1000,9600,8n1",
		"mmio,0x800000000000", "mmio64,0x1000", "io,0xfff9", "io", "io,0x2e0,0",
		"pci", "pci,", "pci,00:20.0", "pci,00:03.8", "pci,100:00.0", "pci,00:03", "pci,0000:00:03.0",
		"pci,00:03.0.1", "pci,00:03.0,", "pci,:03.0", "pci,00:.0", "pci,00:03.",
		"auto+ttyS0", "none+ttyS0", "ttyS0+auto", "ttyS0+", "+ttyS0", "ttyS0++ttyS1", "ttyS0+ttyS0",
		"ttyS0+ttyS1+ttyS2+ttyS3+spcr",
		"mmio32,0x00000000000000000000000000000001000,115200",
	};
	struct console_request r, before;

	(void)state;
	memset(&r, 0x5a, sizeof r);
	memcpy(&before, &r, sizeof r);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (console_option_parse(bad[i], &r))
			fail_msg("accepted console=%s", bad[i]);
		assert_memory_equal(&r, &before, sizeof r);
		const char *why = console_option_validate(bad[i]);
		assert_non_null(why);
		assert_true(why[0] != '\0');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ttys_map_to_com1_through_com4),
		cmocka_unit_test(test_auto_and_none),
		cmocka_unit_test(test_baud_rates_that_divide_115200),
		cmocka_unit_test(test_memory_mapped_and_io_uarts),
		cmocka_unit_test(test_pci_takes_hex_bus_device_function),
		cmocka_unit_test(test_several_consoles_in_the_order_given),
		cmocka_unit_test(test_invalid_values_are_rejected_with_a_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

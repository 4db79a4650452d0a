/* console= values (kernel/console/serial_port.c): Linux's ttyS0..ttyS3 map to
 * the PC COM1..COM4 bases 0x3F8, 0x2F8, 0x3E8, 0x2E8; the baud rate must
 * divide the 16550's 115200 base (1.8432 MHz / 16), so the divisor latch gets
 * an exact integer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/console/serial_port.h"

static void test_ports_map_to_com1_through_com4(void **state)
{
	static const uint16_t want[4] = { 0x3F8, 0x2F8, 0x3E8, 0x2E8 };
	char value[8] = "ttyS0";
	struct serial_config c;

	(void)state;
	for (int i = 0; i < 4; i++) {
		value[4] = (char)('0' + i);
		assert_true(serial_console_parse(value, &c));
		assert_true(c.enabled);
		assert_int_equal(c.port, want[i]);
		assert_int_equal(c.baud, 115200);
		assert_string_equal(c.name, value);
		assert_null(serial_console_validate(value));
	}
}

static void test_none_disables_serial(void **state)
{
	struct serial_config c;

	(void)state;
	memset(&c, 0xff, sizeof c);
	assert_true(serial_console_parse("none", &c));
	assert_false(c.enabled);
}

static void test_baud_rates_that_divide_115200(void **state)
{
	static const uint32_t ok[] = { 115200, 57600, 38400, 19200, 9600, 4800, 2400, 1200, 300, 1 };
	static const char *const text[] = { "115200", "57600", "38400", "19200", "9600",
					    "4800", "2400", "1200", "300", "1" };
	char value[32];
	struct serial_config c;

	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		strcpy(value, "ttyS1,");
		strcat(value, text[i]);
		assert_true(serial_console_parse(value, &c));
		assert_int_equal(c.baud, ok[i]);
		assert_int_equal(c.port, 0x2F8);
		assert_string_equal(c.name, "ttyS1");
	}
	assert_true(serial_console_parse("ttyS0,0x2580", &c));
	assert_int_equal(c.baud, 9600);
}

static void test_invalid_values_leave_config_untouched(void **state)
{
	static const char *const bad[] = { "", "ttyS", "ttyS4", "ttyS9", "ttys0", "ttyS0,", "ttyS0,0",
					   "ttyS0,7", "ttyS0,230400", "ttyS0,9600,8n1", "ttyS0 ", "ttyS01",
					   "ttyS0;9600", "ttyS0,-9600", "COM1", "None", "ttyUSB0",
					   "ttyS0,99999999999999999999" };
	struct serial_config c, before;

	(void)state;
	memset(&c, 0x5a, sizeof c);
	memcpy(&before, &c, sizeof c);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(serial_console_parse(bad[i], &c));
		assert_memory_equal(&c, &before, sizeof c);
		const char *why = serial_console_validate(bad[i]);
		assert_non_null(why);
		assert_true(why[0] != '\0');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ports_map_to_com1_through_com4),
		cmocka_unit_test(test_none_disables_serial),
		cmocka_unit_test(test_baud_rates_that_divide_115200),
		cmocka_unit_test(test_invalid_values_leave_config_untouched),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

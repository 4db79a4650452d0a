/* A PCI UART's registers from configuration space (kernel/console/pci_uart.c)
 * on a made-up function: BAR0 I/O (QEMU's pci-serial: 1b36:0002, I/O BAR of
 * 8 bytes), 32- and 64-bit memory BARs, decode bits turned on, and the
 * functions that cannot be used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/console/pci_uart.h"

struct fake_function {
	uint32_t dw[64];
	unsigned writes;
};

static uint32_t fake_read(void *ctx, uint8_t offset)
{
	return ((struct fake_function *)ctx)->dw[offset / 4];
}

static void fake_write(void *ctx, uint8_t offset, uint32_t value)
{
	struct fake_function *f = ctx;
	f->dw[offset / 4] = value;
	f->writes++;
}

static const char *locate(struct fake_function *f, struct uart_config *c)
{
	struct pci_function_access pci = { fake_read, fake_write, f };
	memset(c, 0, sizeof *c);
	return pci_uart_locate(&pci, c);
}

static void test_io_bar_with_io_decode_on(void **state)
{
	struct fake_function f = { { 0 }, 0 };
	struct uart_config c;

	(void)state;
	f.dw[0] = 0x00021B36;      /* Red Hat 1b36:0002 */
	f.dw[1] = 0x00100003;      /* command: I/O and memory decode on */
	f.dw[4] = 0x0000C051;      /* BAR0: I/O at 0xC050 */
	assert_null(locate(&f, &c));
	assert_int_equal(c.access, UART_IO);
	assert_int_equal(c.base, 0xC050);
	assert_int_equal(f.writes, 0);
}

static void test_decode_bit_set_when_the_firmware_left_it_off(void **state)
{
	struct fake_function f = { { 0 }, 0 };
	struct uart_config c;

	(void)state;
	f.dw[0] = 0x00021B36;
	f.dw[1] = 0x02900000;      /* status bits set (write-1-to-clear), decode off */
	f.dw[4] = 0x0000C051;
	assert_null(locate(&f, &c));
	assert_int_equal(f.writes, 1);
	assert_int_equal(f.dw[1], 0x00000001); /* I/O decode on, status left alone */

	f.dw[1] = 0;
	f.dw[4] = 0xFEB00000;      /* 32-bit memory BAR */
	assert_null(locate(&f, &c));
	assert_int_equal(f.dw[1], 0x00000002);
	assert_int_equal(c.access, UART_MMIO);
	assert_true(c.base == 0xFEB00000ull);
}

static void test_64_bit_memory_bar(void **state)
{
	struct fake_function f = { { 0 }, 0 };
	struct uart_config c;

	(void)state;
	f.dw[0] = 0x9A008086;
	f.dw[1] = 0x2;
	f.dw[4] = 0x8000000C;      /* 64-bit prefetchable, low half */
	f.dw[5] = 0x00000060;      /* high half */
	assert_null(locate(&f, &c));
	assert_int_equal(c.access, UART_MMIO);
	assert_true(c.base == 0x6080000000ull);
}

static void test_unusable_functions(void **state)
{
	struct fake_function f = { { 0 }, 0 };
	struct uart_config c;
	const char *why;

	(void)state;
	memset(f.dw, 0xFF, sizeof f.dw); /* nothing answers: all ones */
	why = locate(&f, &c);
	assert_non_null(why);
	assert_non_null(strstr(why, "no PCI device"));

	memset(f.dw, 0, sizeof f.dw);
	f.dw[0] = 0x00021B36;
	f.dw[4] = 0x00000001;      /* I/O BAR never assigned */
	why = locate(&f, &c);
	assert_non_null(why);
	assert_non_null(strstr(why, "not assigned"));
	assert_int_equal(f.writes, 0);

	f.dw[4] = 0x0001C051;      /* I/O BAR above 0xFFFF: not 0xC050 by truncation */
	why = locate(&f, &c);
	assert_non_null(why);
	assert_non_null(strstr(why, "64 KiB x86 port space"));

	f.dw[4] = 0x0000000C;
	f.dw[5] = 0x00800000;      /* 64-bit BAR beyond 2^47 */
	why = locate(&f, &c);
	assert_non_null(why);
	assert_non_null(strstr(why, "47-bit"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_io_bar_with_io_decode_on),
		cmocka_unit_test(test_decode_bit_set_when_the_firmware_left_it_off),
		cmocka_unit_test(test_64_bit_memory_bar),
		cmocka_unit_test(test_unusable_functions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

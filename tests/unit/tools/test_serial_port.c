/* Serial setup on a pseudo-terminal (termios behaves as on a UART): the line
 * must be raw, so CR, ^C and ESC arrive unchanged, and bad input is named. */
/* posix_openpt, grantpt, unlockpt, ptsname are XSI. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cmocka.h>

#include "tools/capture/serial_port.h"

static void test_pty_in_raw_mode_passes_every_byte_unchanged(void **state)
{
	(void)state;
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	assert_true(master >= 0);
	assert_int_equal(grantpt(master), 0);
	assert_int_equal(unlockpt(master), 0);
	char err[256] = "";
	int fd = serial_port_open(ptsname(master), 115200, err, sizeof err);
	assert_string_equal(err, "");
	assert_true(fd >= 0);
	/* Cooked mode would turn \r into \n (ICRNL), swallow ^C (ISIG) and hold
	 * bytes until a newline (ICANON); raw mode delivers them as sent. */
	static const char sent[] = "#! idle\r\n\x03\x1b[0m\x7f";
	assert_int_equal(write(master, sent, sizeof sent - 1), (ssize_t)(sizeof sent - 1));
	char got[64];
	size_t n = 0;
	while (n < sizeof sent - 1) {
		ssize_t k = read(fd, got + n, sizeof got - n);
		assert_true(k > 0);
		n += (size_t)k;
	}
	assert_int_equal(n, sizeof sent - 1);
	assert_memory_equal(got, sent, n);
	struct termios t;
	assert_int_equal(tcgetattr(fd, &t), 0);
	assert_int_equal(t.c_cflag & CSIZE, CS8);
	assert_int_equal(t.c_cflag & (PARENB | CSTOPB), 0);
	assert_int_equal(cfgetispeed(&t), B115200);
	close(fd);
	close(master);
}

static void test_unsupported_baud_and_non_terminal_are_named(void **state)
{
	(void)state;
	char err[256];
	assert_false(serial_port_baud_supported(12345));
	assert_true(serial_port_baud_supported(9600));
	assert_int_equal(serial_port_open("/dev/null", 12345, err, sizeof err), -1);
	assert_string_equal(err, "/dev/null: unsupported baud rate 12345");
	assert_int_equal(serial_port_open("/dev/null", 115200, err, sizeof err), -1);
	assert_string_equal(err, "/dev/null: not a terminal device (Inappropriate ioctl for device)");
	assert_int_equal(serial_port_open("/nonexistent/ttyS9", 115200, err, sizeof err), -1);
	assert_string_equal(err, "/nonexistent/ttyS9: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pty_in_raw_mode_passes_every_byte_unchanged),
		cmocka_unit_test(test_unsupported_baud_and_non_terminal_are_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Serial line setup: see tools/capture/serial_port.h. termios(3) and POSIX.1-2017
 * "General Terminal Interface" describe the flags used here. */
#include "tools/capture/serial_port.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const struct {
	unsigned baud;
	speed_t speed;
} speeds[] = {
	{ 1200, B1200 }, { 2400, B2400 }, { 4800, B4800 }, { 9600, B9600 },
	{ 19200, B19200 }, { 38400, B38400 }, { 57600, B57600 }, { 115200, B115200 },
	{ 230400, B230400 }, { 460800, B460800 }, { 921600, B921600 },
};

static bool baud_to_speed(unsigned baud, speed_t *speed)
{
	for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
		if (speeds[i].baud == baud) {
			*speed = speeds[i].speed;
			return true;
		}
	return false;
}

bool serial_port_baud_supported(unsigned baud)
{
	speed_t s;
	return baud_to_speed(baud, &s);
}

int serial_port_open(const char *path, unsigned baud, char *err, size_t err_size)
{
	speed_t speed;
	if (!baud_to_speed(baud, &speed)) {
		snprintf(err, err_size, "%s: unsupported baud rate %u", path, baud);
		return -1;
	}
	/* O_NONBLOCK so the open does not wait for carrier detect; cleared below. */
	int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	struct termios t;
	if (tcgetattr(fd, &t) < 0) {
		snprintf(err, err_size, "%s: not a terminal device (%s)", path, strerror(errno));
		close(fd);
		return -1;
	}
	/* Raw: no ICRNL (a \r must reach the reader, which drops it itself), no
	 * ISIG (a 0x03 byte is data, not ^C), no echo, byte-at-a-time reads. */
	cfmakeraw(&t);
	t.c_cflag &= ~(tcflag_t)(CSIZE | PARENB | CSTOPB | CRTSCTS);
	t.c_cflag |= CS8 | CLOCAL | CREAD;
	t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (cfsetispeed(&t, speed) < 0 || cfsetospeed(&t, speed) < 0 || tcsetattr(fd, TCSANOW, &t) < 0) {
		snprintf(err, err_size, "%s: cannot set raw 8N1 at %u baud (%s)", path, baud, strerror(errno));
		close(fd);
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

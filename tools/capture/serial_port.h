/* Reading a serial line on the host (termios): raw 8N1, no flow control, so
 * the bytes arrive exactly as the machine sent them (no CR/NL translation). */
#ifndef IDLEBENCH_TOOLS_SERIAL_PORT_H
#define IDLEBENCH_TOOLS_SERIAL_PORT_H

#include <stdbool.h>
#include <stddef.h>

/* Baud rate used when the source names none (the kernel's default console). */
#define SERIAL_PORT_DEFAULT_BAUD 115200 /* plain digits: capture --help prints it (#x) */

/* True when baud is one of the standard rates termios can set (1200 … 921600). */
bool serial_port_baud_supported(unsigned baud);

/* Open path read-only in raw 8N1 mode at baud; returns the fd, or -1 with a
 * one-line reason in err. */
int serial_port_open(const char *path, unsigned baud, char *err, size_t err_size);

#endif

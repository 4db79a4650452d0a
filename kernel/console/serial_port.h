/* The `console=` option: Linux-style ttyS0..ttyS3[,baud] or none. Pure parsing;
 * the 16550 driver is kernel/console/serial.c. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SERIAL_PORT_H
#define IDLEBENCH_KERNEL_CONSOLE_SERIAL_PORT_H

#include <stdbool.h>
#include <stdint.h>

/* A parsed console= value. */
struct serial_config {
	bool enabled;   /* false for console=none */
	uint16_t port;  /* I/O base: 0x3F8, 0x2F8, 0x3E8, 0x2E8 */
	uint32_t baud;  /* divides 115200 */
	char name[8];   /* "ttyS0" … */
};

/* Parse a console= value; false (and *out untouched) when it is not valid. */
bool serial_console_parse(const char *value, struct serial_config *out);
/* Option-table validator: NULL when valid, else the reason. */
const char *serial_console_validate(const char *value);

#endif

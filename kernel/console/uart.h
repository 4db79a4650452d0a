/* 16550 UART driver for the serial consoles: several at once, each at an
 * I/O port or a memory-mapped register block (uart_config.h). */
#ifndef IDLEBENCH_KERNEL_CONSOLE_UART_H
#define IDLEBENCH_KERNEL_CONSOLE_UART_H

#include <stdbool.h>
#include <stddef.h>

#include "core/options/uart_config.h"

/* One UART in use. */
struct uart {
	struct uart_config cfg;
	bool present; /* answered the scratch-register probe and was programmed */
};

/* Probe cfg's UART (scratch register) and, when it answers, program it 8N1
 * with FIFOs on (at cfg->baud, or the firmware's divisor when baud is 0).
 * Returns u->present. The registers must be mapped. */
bool uart_init(struct uart *u, const struct uart_config *cfg);
/* Write bytes, turning "\n" into "\r\n" for terminals; nothing when absent. */
void uart_write(struct uart *u, const char *s, size_t n);

#endif

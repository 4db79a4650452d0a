/* 16550 UART driver for the serial console. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SERIAL_H
#define IDLEBENCH_KERNEL_CONSOLE_SERIAL_H

#include <stddef.h>

#include "kernel/console/serial_port.h"

/* Program the UART for cfg (8N1, FIFOs on); no-op when cfg->enabled is false. */
void serial_init(const struct serial_config *cfg);
/* Write bytes, turning "\n" into "\r\n" for terminals. */
void serial_write(const char *s, size_t n);

#endif

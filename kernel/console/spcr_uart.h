/* The UART the ACPI SPCR describes, as a uart_config: Linux's rule
 * (drivers/acpi/spcr.c): the 16550 interface types only; SystemIO means I/O
 * ports, SystemMemory means mmio or mmio32 by the GAS access size. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SPCR_UART_H
#define IDLEBENCH_KERNEL_CONSOLE_SPCR_UART_H

#include <stdbool.h>
#include <stddef.h>

#include "platform/acpi/acpi_spcr.h"
#include "core/options/uart_config.h"

/* Fill out from spcr; true when usable, else false with the reason in why. */
bool spcr_uart_config(const struct acpi_spcr_info *spcr, struct uart_config *out, char *why, size_t why_len);

#endif

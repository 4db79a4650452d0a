/* All consoles at once: serial (when enabled) and the screen (VGA text or
 * framebuffer). Everything printed goes to every console. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_CONSOLE_H
#define IDLEBENCH_KERNEL_CONSOLE_CONSOLE_H

#include <stddef.h>

#include "kernel/boot/boot_info.h"
#include "kernel/console/serial_port.h"

/* Start the serial console per cfg and the screen the loader described. */
void console_init(const struct serial_config *serial, const struct boot_info *info);
/* Write to every console. */
void console_write(const char *s, size_t n);
/* Which screen console is active: "vga-text", "framebuffer" or "none". */
const char *console_screen_name(void);
/* Format (kernel/lib/fmt.h conversions, at most 255 bytes) and write to every
 * console: for messages outside the result stream (before it begins or after
 * it ends). */
void console_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif

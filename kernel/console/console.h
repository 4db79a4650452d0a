/* All consoles at once: the UARTs console= names (or, by default, the SPCR's
 * UART and COM1) and the screen (VGA text or framebuffer). Every UART carries
 * the whole result stream; the screen shows people its UI drawn from it. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_CONSOLE_H
#define IDLEBENCH_KERNEL_CONSOLE_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

#include "platform/acpi/acpi_spcr.h"
#include "kernel/boot/boot_info.h"
#include "core/options/console_option.h"
#include "core/stream/stream.h"

/* Start the UARTs req names and the screen the loader described. spcr: the
 * machine's SPCR (NULL when it has none): console=spcr and console=auto use
 * it. A UART that cannot be used is remembered for console_report; when every
 * UART named explicitly fails, COM1 is started so that report is seen. */
void console_init(const struct console_request *req, const struct acpi_spcr_info *spcr,
		  const struct boot_info *info);
/* Write the `consoles` metadata (space-separated NAME=ACCESS:0xBASE:BAUD per
 * UART, BAUD `firmware` when kept, then screen=NAME), `spcr` (the SPCR's
 * UART or why there is none), and an `#! error code=CONSOLE` warning per
 * named console that could not be used. */
void console_report(struct stream *s);
/* Write a message outside the stream to every console (on the screen it goes
 * to the UI's log and, after the end, its result page). */
void console_write(const char *s, size_t n);
/* One more place for everything written from now on (NULL: none): the
 * UEFI application's firmware consoles after the hand-back. */
void console_set_extra_sink(void (*sink)(const char *s, size_t n));
/* Write stream bytes: whole to every UART; the screen's UI reads them and
 * draws its pages instead of the raw lines (kernel/console/screen_ui.h). */
void console_write_stream(const char *s, size_t n);
/* Whether any UART carries the stream. */
bool console_has_uart(void);
/* Which screen console is active: "vga-text", "framebuffer" or "none". */
const char *console_screen_name(void);
/* Format (lib/fmt.h conversions, at most 255 bytes) and write to every
 * console: for messages outside the result stream (before it begins or after
 * it ends). */
void console_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif

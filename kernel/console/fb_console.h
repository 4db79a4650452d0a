/* Text console on a linear framebuffer (UEFI GOP, or a VBE mode from GRUB),
 * drawn with the build-time console font (tools/build/gen_font.c). */
#ifndef IDLEBENCH_KERNEL_CONSOLE_FB_CONSOLE_H
#define IDLEBENCH_KERNEL_CONSOLE_FB_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/boot/boot_info.h"

/* Characters the console remembers (its RAM copy of the screen's text). */
#define FB_CONSOLE_MAX_CELLS (256u * 256u)

/* Take over a direct-colour framebuffer of 16, 24 or 32 bpp; false if unsupported. */
bool fb_console_init(const struct boot_framebuffer *fb);
/* Write bytes with '\n' line breaks; at the bottom the text jumps up by half
 * a screen (redrawn from RAM, the framebuffer is never read). */
void fb_console_write(const char *s, size_t n);
/* The screen's size in character cells (0 x 0 before a successful init). */
void fb_console_size(uint32_t *cols, uint32_t *rows);
/* Draw character c at cell (x, y) in foreground fg and background bg (each
 * 0xRRGGBB), and keep it in the RAM copy; outside the screen nothing happens. */
void fb_console_put(uint32_t x, uint32_t y, char c, uint32_t fg, uint32_t bg);

#endif

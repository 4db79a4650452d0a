/* VGA text mode (80x25 at 0xB8000) screen console for BIOS and PVH boots. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_VGA_TEXT_H
#define IDLEBENCH_KERNEL_CONSOLE_VGA_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Take over the text screen at addr (cols x rows cells) and clear it. */
void vga_text_init(uintptr_t addr, uint32_t cols, uint32_t rows);
/* Write bytes with '\n' line breaks, scrolling at the bottom. */
void vga_text_write(const char *s, size_t n);
/* Put character c with attribute attr (VGA: background << 4 | foreground)
 * at column x, row y; outside the screen nothing happens. */
void vga_text_put(uint32_t x, uint32_t y, char c, uint8_t attr);

#endif

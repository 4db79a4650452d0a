/* VGA text console: light grey on black, scrolls by one line (the cursor,
 * wrap and scroll are kernel/console/text_grid.c's). Non-ASCII bytes (the
 * stream is ASCII, but messages may carry UTF-8) show as '?'. */
#include "kernel/arch/x86.h"
#include "kernel/console/text_grid.h"
#include "kernel/console/vga_text.h"

/* CRT controller index/data ports and the cursor start register, whose bit
 * 5 turns the hardware cursor off (IBM VGA Technical Reference, CRTC index
 * 0Ah): the loader's cursor would otherwise blink over our text. */
#define VGA_CRTC_INDEX 0x3D4
#define VGA_CRTC_DATA 0x3D5
#define VGA_CRTC_CURSOR_START 0x0A
#define VGA_CURSOR_OFF 0x20

#define ATTR 0x07

static volatile uint16_t *cells;
static uint32_t cols, rows;
static struct text_grid grid;

static unsigned char shown(unsigned char c)
{
	return c < 0x20 || c > 0x7e ? '?' : c;
}

static void put_char(uint32_t x, uint32_t y, unsigned char c)
{
	cells[y * cols + x] = (uint16_t)((ATTR << 8) | shown(c));
}

/* Up by one row (the grid's jump), attributes and all. */
static void scroll_up(uint32_t by)
{
	(void)by;
	for (uint32_t i = 0; i < cols * (rows - 1); i++)
		cells[i] = cells[i + cols];
	for (uint32_t i = cols * (rows - 1); i < cols * rows; i++)
		cells[i] = (ATTR << 8) | ' ';
}

void vga_text_init(uintptr_t addr, uint32_t c, uint32_t r)
{
	cells = (volatile uint16_t *)addr;
	cols = c;
	rows = r;
	text_grid_init(&grid, cols, rows, 1, put_char, scroll_up);
	for (uint32_t i = 0; i < cols * rows; i++)
		cells[i] = (ATTR << 8) | ' ';
	outb(VGA_CRTC_INDEX, VGA_CRTC_CURSOR_START);
	outb(VGA_CRTC_DATA, VGA_CURSOR_OFF);
}

void vga_text_write(const char *s, size_t n)
{
	if (cells)
		text_grid_write(&grid, s, n);
}

void vga_text_put(uint32_t x, uint32_t y, char ch, uint8_t attr)
{
	if (!cells || !text_grid_contains(&grid, x, y))
		return;
	cells[y * cols + x] = (uint16_t)((attr << 8) | shown((unsigned char)ch));
}

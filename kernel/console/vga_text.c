/* VGA text console: light grey on black, scrolls by one line. Non-ASCII bytes
 * (the stream is ASCII, but messages may carry UTF-8) show as '?'. */
#include "kernel/arch/x86.h"
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
static uint32_t cols, rows, col, row;

void vga_text_init(uintptr_t addr, uint32_t c, uint32_t r)
{
	cells = (volatile uint16_t *)addr;
	cols = c;
	rows = r;
	col = row = 0;
	for (uint32_t i = 0; i < cols * rows; i++)
		cells[i] = (ATTR << 8) | ' ';
	outb(VGA_CRTC_INDEX, VGA_CRTC_CURSOR_START);
	outb(VGA_CRTC_DATA, VGA_CURSOR_OFF);
}

static void newline(void)
{
	col = 0;
	if (++row < rows)
		return;
	for (uint32_t i = 0; i < cols * (rows - 1); i++)
		cells[i] = cells[i + cols];
	for (uint32_t i = cols * (rows - 1); i < cols * rows; i++)
		cells[i] = (ATTR << 8) | ' ';
	row = rows - 1;
}

void vga_text_write(const char *s, size_t n)
{
	if (!cells)
		return;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n') {
			newline();
			continue;
		}
		if (c == '\r')
			continue;
		if (c < 0x20 || c > 0x7e)
			c = '?';
		if (col == cols)
			newline();
		cells[row * cols + col++] = (uint16_t)((ATTR << 8) | c);
	}
}

void vga_text_put(uint32_t x, uint32_t y, char ch, uint8_t attr)
{
	unsigned char c = (unsigned char)ch;

	if (!cells || x >= cols || y >= rows)
		return;
	if (c < 0x20 || c > 0x7e)
		c = '?';
	cells[y * cols + x] = (uint16_t)((attr << 8) | c);
}

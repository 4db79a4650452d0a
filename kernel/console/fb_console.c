/* Framebuffer text console. It never reads the framebuffer: firmware often
 * maps it uncached, where reading back a 1024x768x32 screen (3 MB) to scroll
 * it would cost, by estimate, tens of milliseconds per line, minutes over a
 * full run's stream; under QEMU TCG the app's quick preset took 14-16 s with
 * read-back scrolling and 8-9 s without. The
 * text on screen is kept in a buffer in RAM instead, and at the bottom the
 * screen jumps up by half its height and is redrawn from that buffer: one
 * full write of the frame per rows/2 lines. The cursor, wrap and scroll
 * are kernel/console/text_grid.c's. */
#include <stdint.h>

#include "font_glyphs.h"
#include "kernel/console/fb_console.h"
#include "kernel/console/text_grid.h"
#include "lib/mem.h"

static uint8_t *base;
static struct boot_framebuffer fb_copy; /* its pixel format, for colours */
static uint32_t pitch, width, height, bytespp, cols, rows;
static uint32_t fg_pixel;
static struct text_grid grid;
/* The characters on screen, row-major; a screen with more cells than this
 * (4K at 8x16 needs 240x135) uses only its top rows. */
static unsigned char text[FB_CONSOLE_MAX_CELLS];

static uint32_t colour(const struct boot_framebuffer *fb, uint8_t r, uint8_t g, uint8_t b)
{
	return ((uint32_t)(r >> (8 - fb->red_size)) << fb->red_pos) |
	       ((uint32_t)(g >> (8 - fb->green_size)) << fb->green_pos) |
	       ((uint32_t)(b >> (8 - fb->blue_size)) << fb->blue_pos);
}

static void put_char(uint32_t cx, uint32_t cy, unsigned char c);
static void jump_up(uint32_t jump);

bool fb_console_init(const struct boot_framebuffer *fb)
{
	if (!fb->present || fb->type != 1 || (fb->bpp != 16 && fb->bpp != 24 && fb->bpp != 32))
		return false;
	if (!fb->red_size || fb->red_size > 8 || !fb->green_size || fb->green_size > 8 ||
	    !fb->blue_size || fb->blue_size > 8)
		return false;
	base = (uint8_t *)(uintptr_t)fb->addr;
	fb_copy = *fb;
	pitch = fb->pitch;
	width = fb->width;
	height = fb->height;
	bytespp = fb->bpp / 8;
	cols = width / FONT_WIDTH;
	rows = height / FONT_HEIGHT;
	if (cols > FB_CONSOLE_MAX_CELLS)
		cols = FB_CONSOLE_MAX_CELLS;
	if ((size_t)cols * rows > FB_CONSOLE_MAX_CELLS)
		rows = FB_CONSOLE_MAX_CELLS / cols;
	if (!cols || !rows) {
		base = NULL;
		return false;
	}
	text_grid_init(&grid, cols, rows, rows > 1 ? rows / 2 : 1, put_char, jump_up);
	memset(text, ' ', (size_t)cols * rows);
	fg_pixel = colour(fb, 0xC0, 0xC0, 0xC0);
	for (uint32_t y = 0; y < height; y++)
		memset(base + (size_t)y * pitch, 0, (size_t)width * bytespp);
	return true;
}

static void put_pixel(uint8_t *p, uint32_t v)
{
	for (uint32_t i = 0; i < bytespp; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void draw_glyph_in(uint32_t cx, uint32_t cy, unsigned char c, uint32_t fg, uint32_t bg)
{
	const unsigned char *g = font_glyphs[(c >= 0x20 && c <= 0x7e) ? c - 0x20 : 95];

	for (uint32_t y = 0; y < FONT_HEIGHT; y++) {
		uint8_t *line = base + (size_t)(cy * FONT_HEIGHT + y) * pitch + (size_t)cx * FONT_WIDTH * bytespp;
		for (uint32_t x = 0; x < FONT_WIDTH; x++)
			put_pixel(line + x * bytespp, (g[y] & (0x80 >> x)) ? fg : bg);
	}
}

static void draw_glyph(uint32_t cx, uint32_t cy, unsigned char c)
{
	draw_glyph_in(cx, cy, c, fg_pixel, 0);
}

static void put_char(uint32_t cx, uint32_t cy, unsigned char c)
{
	text[(size_t)cy * cols + cx] = c;
	draw_glyph(cx, cy, c);
}

/* At the bottom (jump = half the rows, or 1 on a one-row screen): keep
 * the lower part, move it up, redraw every cell (a space's glyph clears its
 * cell). */
static void jump_up(uint32_t jump)
{
	memmove(text, text + (size_t)jump * cols, (size_t)(rows - jump) * cols);
	memset(text + (size_t)(rows - jump) * cols, ' ', (size_t)jump * cols);
	for (uint32_t y = 0; y < rows; y++)
		for (uint32_t x = 0; x < cols; x++)
			draw_glyph(x, y, text[(size_t)y * cols + x]);
}

void fb_console_write(const char *s, size_t n)
{
	if (base)
		text_grid_write(&grid, s, n);
}

void fb_console_size(uint32_t *c, uint32_t *r)
{
	*c = base ? cols : 0;
	*r = base ? rows : 0;
}

void fb_console_put(uint32_t x, uint32_t y, char ch, uint32_t fg, uint32_t bg)
{
	if (!base || !text_grid_contains(&grid, x, y))
		return;
	text[(size_t)y * cols + x] = (unsigned char)ch;
	draw_glyph_in(x, y, (unsigned char)ch, colour(&fb_copy, fg >> 16, (fg >> 8) & 0xFF, fg & 0xFF),
		      colour(&fb_copy, bg >> 16, (bg >> 8) & 0xFF, bg & 0xFF));
}

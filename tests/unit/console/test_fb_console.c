/* The framebuffer console, drawn into a framebuffer in RAM and read back by
 * matching every cell against the font: what a long stream leaves on screen
 * (the newest lines, in order, at least half a screen of them), line wrap,
 * 16/24/32 bpp, and a screen with more cells than the console remembers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "font_glyphs.h"
#include "kernel/console/fb_console.h"

static uint8_t *fb_mem;
static struct boot_framebuffer fb;

static void make_fb(uint32_t width, uint32_t height, uint8_t bpp)
{
	free(fb_mem);
	fb = (struct boot_framebuffer){ .present = true, .type = 1, .width = width, .height = height,
					 .bpp = bpp, .pitch = width * (bpp / 8) + 64 /* padding */ };
	if (bpp == 16) {
		fb.red_pos = 11, fb.red_size = 5, fb.green_pos = 5, fb.green_size = 6, fb.blue_pos = 0,
		fb.blue_size = 5;
	} else {
		fb.red_pos = 16, fb.red_size = 8, fb.green_pos = 8, fb.green_size = 8, fb.blue_pos = 0,
		fb.blue_size = 8;
	}
	fb_mem = calloc((size_t)fb.pitch * height, 1);
	assert_non_null(fb_mem);
	memset(fb_mem, 0xAB, (size_t)fb.pitch * height); /* garbage the console must clear */
	fb.addr = (uintptr_t)fb_mem;
	assert_true(fb_console_init(&fb));
}

/* The character drawn in cell (cx, cy), '\0' if it matches no glyph. */
static char cell(uint32_t cx, uint32_t cy)
{
	uint32_t bytespp = fb.bpp / 8;

	for (int g = 0; g < 96; g++) {
		bool same = true;
		for (uint32_t y = 0; y < FONT_HEIGHT && same; y++) {
			const uint8_t *line = fb_mem + (size_t)(cy * FONT_HEIGHT + y) * fb.pitch +
					      (size_t)cx * FONT_WIDTH * bytespp;
			for (uint32_t x = 0; x < FONT_WIDTH && same; x++) {
				bool lit = false;
				for (uint32_t b = 0; b < bytespp; b++)
					lit |= line[x * bytespp + b] != 0;
				same = lit == ((font_glyphs[g][y] & (0x80 >> x)) != 0);
			}
		}
		if (same)
			return g == 95 ? '?' : (char)(0x20 + g);
	}
	return '\0';
}

/* Row cy of the screen as text, trailing spaces removed. */
static void screen_row(uint32_t cy, char *out, uint32_t cols)
{
	uint32_t n = 0;
	for (uint32_t x = 0; x < cols; x++)
		out[n++] = cell(x, cy);
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

static void write_str(const char *s)
{
	fb_console_write(s, strlen(s));
}

/* Write lines prefix0 .. prefix(count-1), each ending in '\n'. */
static void write_numbered(const char *prefix, int count)
{
	char line[64];
	for (int k = 0; k < count; k++) {
		snprintf(line, sizeof line, "%s%d\n", prefix, k);
		write_str(line);
	}
}

static void a_long_stream_leaves_the_newest_lines_in_order(void **state)
{
	(void)state;
	make_fb(80 * FONT_WIDTH, 25 * FONT_HEIGHT, 32);
	char row[81];
	write_numbered("#! row ", 1000);
	/* The screen, top down: "row a" ... "row 999", then blank rows. */
	int first = -1, last = -1;
	for (uint32_t y = 0; y < 25; y++) {
		screen_row(y, row, 80);
		int k;
		if (!row[0]) {
			for (uint32_t z = y; z < 25; z++) {
				screen_row(z, row, 80);
				assert_string_equal(row, ""); /* nothing below the first blank row */
			}
			break;
		}
		assert_int_equal(sscanf(row, "#! row %d", &k), 1);
		if (first < 0)
			first = k;
		else
			assert_int_equal(k, last + 1);
		last = k;
	}
	assert_int_equal(last, 999);
	assert_true(last - first + 1 >= 12); /* at least half a screen of context */
}

/* Someone else scribbles on the framebuffer (or reads back garbage from it):
 * the next jump redraws every cell from the console's own copy, so the
 * screen is whole again. A console that scrolled by reading pixels back
 * would carry the scribble up the screen. */
static void the_screen_is_redrawn_from_ram_not_read_back(void **state)
{
	(void)state;
	make_fb(60 * FONT_WIDTH, 20 * FONT_HEIGHT, 32);
	char row[61];
	write_numbered("line ", 19);
	memset(fb_mem, 0x5A, (size_t)fb.pitch * fb.height);
	write_str("line 19\nline 20\n"); /* reaches the bottom: one jump */
	for (uint32_t y = 0; y < 20; y++) {
		screen_row(y, row, 60);
		for (const char *c = row; *c; c++)
			assert_true(*c >= 0x20 && *c <= 0x7e); /* every cell a glyph again */
	}
	screen_row(0, row, 60);
	assert_string_equal(row, "line 10");
}

static void long_lines_wrap_and_16_and_24_bpp_draw_the_same_text(void **state)
{
	(void)state;
	const uint8_t depths[] = { 16, 24, 32 };
	char row[41];
	for (size_t d = 0; d < sizeof depths; d++) {
		make_fb(40 * FONT_WIDTH, 10 * FONT_HEIGHT, depths[d]);
		write_str("0123456789012345678901234567890123456789ABC\nnext\x01");
		screen_row(0, row, 40);
		assert_string_equal(row, "0123456789012345678901234567890123456789");
		screen_row(1, row, 40);
		assert_string_equal(row, "ABC");
		screen_row(2, row, 40);
		assert_string_equal(row, "next?");
		screen_row(3, row, 40);
		assert_string_equal(row, "");
	}
}

static void a_screen_larger_than_the_text_buffer_uses_its_top_rows(void **state)
{
	(void)state;
	/* 1024 x 160 cells at 16 bpp: more than FB_CONSOLE_MAX_CELLS. */
	uint32_t cols = 1024, rows = 160, used = FB_CONSOLE_MAX_CELLS / cols;
	assert_true((size_t)cols * rows > FB_CONSOLE_MAX_CELLS);
	make_fb(cols * FONT_WIDTH, rows * FONT_HEIGHT, 16);
	write_numbered("L", (int)(3 * rows));
	/* Nothing was drawn below the rows the console uses. */
	for (uint32_t y = used * FONT_HEIGHT; y < rows * FONT_HEIGHT; y++)
		for (uint32_t x = 0; x < cols * FONT_WIDTH * 2; x++)
			assert_int_equal(fb_mem[(size_t)y * fb.pitch + x], 0);
	assert_int_equal(cell(0, used - 1), ' ');
	assert_int_equal(cell(0, 0), 'L');
}

static void unsupported_framebuffers_are_refused(void **state)
{
	(void)state;
	struct boot_framebuffer bad = { .present = true, .type = 0, .width = 640, .height = 480, .bpp = 8 };
	assert_false(fb_console_init(&bad));
	bad.type = 1;
	bad.bpp = 32;
	bad.red_size = 0;
	assert_false(fb_console_init(&bad));
}

static int teardown(void **state)
{
	(void)state;
	free(fb_mem);
	fb_mem = NULL;
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(a_long_stream_leaves_the_newest_lines_in_order, teardown),
		cmocka_unit_test_teardown(the_screen_is_redrawn_from_ram_not_read_back, teardown),
		cmocka_unit_test_teardown(long_lines_wrap_and_16_and_24_bpp_draw_the_same_text, teardown),
		cmocka_unit_test_teardown(a_screen_larger_than_the_text_buffer_uses_its_top_rows, teardown),
		cmocka_unit_test(unsupported_framebuffers_are_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The text grid both screen consoles (fb_console.c, vga_text.c) write the
 * stream into: a cursor that moves right, wraps at the right edge only when
 * the next character comes (a line of exactly `cols` characters and its
 * '\n' take one row, not two), moves to the next row on '\n' ('\r' is
 * dropped), and at the bottom has the text moved up by a fixed number of
 * rows. What a cell holds and how the screen moves belong to the console
 * (the callbacks); the grid is freestanding and host-tested
 * (tests/unit/console/test_text_grid.c). */
#ifndef IDLEBENCH_KERNEL_CONSOLE_TEXT_GRID_H
#define IDLEBENCH_KERNEL_CONSOLE_TEXT_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One screen's grid; a console keeps its own. */
struct text_grid {
	uint32_t cols, rows; /* size in cells */
	uint32_t col, row;   /* the cell the next character goes to (col == cols: wrap first) */
	uint32_t jump;       /* rows the text moves up at the bottom, 1..rows */
	void (*put)(uint32_t x, uint32_t y, unsigned char c); /* show byte c in cell (x, y) */
	void (*scroll)(uint32_t rows); /* move every row up by rows, blank the bottom rows */
};

/* Start g empty with the cursor at the top left; jump and the callbacks as
 * in struct text_grid. */
void text_grid_init(struct text_grid *g, uint32_t cols, uint32_t rows, uint32_t jump,
		    void (*put)(uint32_t x, uint32_t y, unsigned char c), void (*scroll)(uint32_t rows));
/* Write n bytes at the cursor: '\n' goes to the next row, '\r' is dropped,
 * every other byte goes to put unchanged. */
void text_grid_write(struct text_grid *g, const char *s, size_t n);
/* True when cell (x, y) is on the grid. */
bool text_grid_contains(const struct text_grid *g, uint32_t x, uint32_t y);

#endif

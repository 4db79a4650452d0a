/* Text grid (text_grid.h). */
#include "kernel/console/text_grid.h"

void text_grid_init(struct text_grid *g, uint32_t cols, uint32_t rows, uint32_t jump,
		    void (*put)(uint32_t x, uint32_t y, unsigned char c), void (*scroll)(uint32_t rows))
{
	g->cols = cols;
	g->rows = rows;
	g->col = g->row = 0;
	g->jump = jump;
	g->put = put;
	g->scroll = scroll;
}

static void newline(struct text_grid *g)
{
	g->col = 0;
	if (++g->row < g->rows)
		return;
	g->scroll(g->jump);
	g->row = g->rows - g->jump;
}

void text_grid_write(struct text_grid *g, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n') {
			newline(g);
			continue;
		}
		if (c == '\r')
			continue;
		if (g->col == g->cols)
			newline(g);
		g->put(g->col++, g->row, c);
	}
}

bool text_grid_contains(const struct text_grid *g, uint32_t x, uint32_t y)
{
	return x < g->cols && y < g->rows;
}

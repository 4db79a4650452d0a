/* The screen's pages, drawn from a screen_model into a grid of characters:
 * while running, a header (machine, boot path, plan, progress bar with ETA)
 * over a log of the human lines; at the end, a result page (primary result,
 * verdict, per-mode table, flags, the seed's figures, where the full result
 * went) or, when the run failed, its errors over the last lines. Pure and
 * freestanding: host-tested at 80x25 and other sizes. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SCREEN_LAYOUT_H
#define IDLEBENCH_KERNEL_CONSOLE_SCREEN_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/console/screen_model.h"

/* How a row is drawn (each console maps these to its colours). */
enum screen_style {
	SCREEN_STYLE_TEXT,   /* normal text */
	SCREEN_STYLE_HEADER, /* the header bar (inverse) */
	SCREEN_STYLE_EMPH,   /* the verdict, headings (bright) */
	SCREEN_STYLE_BAD,    /* failure, untrustworthy result (red) */
	SCREEN_STYLE_COUNT
};

/* The smallest screen the pages are designed for (VGA text). */
#define SCREEN_DESIGN_COLS 80
#define SCREEN_DESIGN_ROWS 25

/* Fill text (rows x cols characters, row-major, no terminators) and style
 * (one per row) with the page for m. Every row is padded with spaces and its
 * last column is always blank: no line reaches the edge, so nothing wraps. A
 * line too long for the screen is cut; returns how many were. */
unsigned screen_layout(const struct screen_model *m, char *text, uint8_t *style, unsigned cols, unsigned rows);
/* The verdict sentence for the primary result (the result page's bright
 * line), e.g. "MWAIT-C1 on the sibling costs 12.40 % [11.80, 13.00] int, …
 * fp"; false when only the int half fitted in SCREEN_DESIGN_COLS - 1. */
bool screen_layout_verdict(const struct screen_model *m, char *out, unsigned size);

#endif

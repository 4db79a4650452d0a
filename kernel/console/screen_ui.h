/* The screen as a tool's UI: the serial consoles and the file carry the
 * whole stream for machines; the screen shows people a header with progress
 * over the run's human lines, and at the end one result page (or, when the
 * run failed, its errors and last lines). Pages: screen_layout.h; what they
 * show comes from the stream itself (screen_model.h). */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SCREEN_UI_H
#define IDLEBENCH_KERNEL_CONSOLE_SCREEN_UI_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/console/screen_layout.h"
#include "core/stream/stream.h"

/* Draw character c at column x, row y in style s (a console's cell writer). */
typedef void (*screen_put_fn)(uint32_t x, uint32_t y, char c, enum screen_style s);

/* Take over a screen of cols x rows cells drawn with put (cells beyond
 * SCREEN_LOG_WIDTH x SCREEN_UI_MAX_ROWS stay unused). */
void screen_ui_start(screen_put_fn put, uint32_t cols, uint32_t rows);
/* Whether a screen is taken over. */
int screen_ui_active(void);
/* Stream bytes (every line of the result stream, in order). */
void screen_ui_stream(const char *bytes, size_t len);
/* Bytes printed outside the stream (console_printf: before it begins, after
 * it ends, a nested fault): shown in the log and, after the end, on the
 * result page. */
void screen_ui_message(const char *bytes, size_t len);
/* The experiment's progress, done of total samples after elapsed_ms, and
 * the time left as the experiment computed it; drawn under s's lock (the
 * lines of the stream are drawn under it too). */
void screen_ui_progress(struct stream *s, uint64_t done, uint64_t total, uint64_t elapsed_ms, const struct eta *eta);
/* The file the front end saved the full result to, or NULL when saving failed. */
void screen_ui_result_file(const char *path);
/* The front end saves no file by design (loaded over the network): why. */
void screen_ui_no_file(const char *why);
/* Draw the whole page again, every cell: after the firmware wrote over the
 * screen (the UEFI app's stream replay through ConOut). */
void screen_ui_redraw(void);

/* Rows the UI uses at most. */
#define SCREEN_UI_MAX_ROWS 75

#endif

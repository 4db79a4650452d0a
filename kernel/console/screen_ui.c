/* The screen UI: stream lines go to the model, and the page is laid out again
 * and drawn where it changed (a cell differing from what is on screen), so a
 * new log line costs one row and the log's jump scroll a pane now and then
 * (the framebuffer console's reason for jumping: fb_console.c). */
#include "kernel/console/screen_ui.h"
#include "lib/mem.h"

#define MAX_CELLS (SCREEN_LOG_WIDTH * SCREEN_UI_MAX_ROWS)
#define LINE_MAX 512 /* a longer stream line is cut (the screen is narrower) */

static struct screen_model model;
static screen_put_fn put;
static uint32_t cols, rows;
static char page[MAX_CELLS], shown[MAX_CELLS];
static uint8_t page_style[SCREEN_UI_MAX_ROWS], shown_style[SCREEN_UI_MAX_ROWS];
static bool drawn_once;
/* Lines being assembled: the stream's, and messages outside it. */
static char stream_line[LINE_MAX], message_line[LINE_MAX];
static size_t stream_len, message_len;
static uint64_t progress_key = ~0ull;

void screen_ui_start(screen_put_fn fn, uint32_t c, uint32_t r)
{
	cols = c > SCREEN_LOG_WIDTH ? SCREEN_LOG_WIDTH : c;
	rows = r > SCREEN_UI_MAX_ROWS ? SCREEN_UI_MAX_ROWS : r;
	put = cols && rows ? fn : NULL;
	screen_model_init(&model, cols ? cols - 1 : 0); /* the last column stays blank: lines wrap before it */
	drawn_once = false;
	stream_len = message_len = 0;
}

int screen_ui_active(void)
{
	return put != NULL;
}

static void draw(void)
{
	screen_layout(&model, page, page_style, cols, rows);
	for (uint32_t y = 0; y < rows; y++) {
		bool restyle = !drawn_once || page_style[y] != shown_style[y];
		for (uint32_t x = 0; x < cols; x++) {
			size_t i = (size_t)y * cols + x;
			if (restyle || page[i] != shown[i])
				put(x, y, page[i], (enum screen_style)page_style[y]);
		}
		shown_style[y] = page_style[y];
	}
	memcpy(shown, page, (size_t)cols * rows);
	drawn_once = true;
}

/* Feed bytes into a line buffer; each whole line goes to take(). Returns
 * whether any line changed what the screen shows. */
static bool assemble(char *buf, size_t *len, const char *bytes, size_t n, bool (*take)(const char *, size_t))
{
	bool changed = false;

	for (size_t i = 0; i < n; i++) {
		if (bytes[i] == '\n') {
			changed |= take(buf, *len);
			*len = 0;
		} else if (*len < LINE_MAX) {
			buf[(*len)++] = bytes[i];
		}
	}
	return changed;
}

static bool take_stream_line(const char *line, size_t len)
{
	return screen_model_line(&model, line, len);
}

static bool take_message(const char *line, size_t len)
{
	screen_model_message(&model, line, len);
	return len != 0;
}

void screen_ui_stream(const char *bytes, size_t len)
{
	if (put && assemble(stream_line, &stream_len, bytes, len, take_stream_line))
		draw();
}

void screen_ui_message(const char *bytes, size_t len)
{
	if (put && assemble(message_line, &message_len, bytes, len, take_message))
		draw();
}

void screen_ui_progress(struct stream *s, uint64_t done, uint64_t total, uint64_t elapsed_ms, const struct eta *eta)
{
	/* Redraw when the percentage or the second changes, not every sample. */
	uint64_t key = (total ? done * 100 / total : 0) << 32 | (elapsed_ms / 1000);
	if (!put || key == progress_key)
		return;
	progress_key = key;
	stream_hold(s);
	screen_model_progress(&model, done, total, elapsed_ms, eta);
	draw();
	stream_release(s);
}

void screen_ui_no_file(const char *why)
{
	if (!put)
		return;
	screen_model_no_file(&model, why);
	draw();
}

void screen_ui_redraw(void)
{
	if (!put)
		return;
	drawn_once = false;
	draw();
}

void screen_ui_result_file(const char *path)
{
	if (!put)
		return;
	screen_model_result_file(&model, path);
	draw();
}

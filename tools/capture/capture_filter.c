/* Transport noise filter: see capture_filter.h. */
#include "tools/capture/capture_filter.h"

#include <string.h>

/* Escape-sequence states. */
enum { ESC_NONE, ESC_START, ESC_CSI, ESC_OSC, ESC_OSC_END, ESC_ONE_MORE };

/* Longest sequence taken as one; a longer one was not a sequence (its bytes
 * so far are dropped, what follows is kept, and the CRC judges the rest). */
#define ESC_LEN_MAX 64

/* SOL clients' first line on connecting: the prefix that identifies it; the
 * rest of that line is dropped too. */
static const char *const banners[] = {
	"[SOL Session operational.", /* ipmitool lib/ipmi_sol.c ipmi_sol_activate */
	"[SOL established]",         /* FreeIPMI ipmiconsole */
};
#define BANNER_COUNT (sizeof banners / sizeof banners[0])

void capture_filter_init(struct capture_filter *f)
{
	memset(f, 0, sizeof *f);
	f->connection_start = true;
}

void capture_filter_new_connection(struct capture_filter *f)
{
	f->esc = ESC_NONE;
	f->esc_len = 0;
	f->connection_start = true;
	f->skip_line = false;
}

/* One byte of an escape sequence; false when c ends no sequence and must be seen again. */
static bool escape_byte(struct capture_filter *f, unsigned char c)
{
	if (++f->esc_len > ESC_LEN_MAX) {
		f->esc = ESC_NONE;
		return false;
	}
	switch (f->esc) {
	case ESC_START:
		if (c == '[')
			f->esc = ESC_CSI;
		else if (c == ']')
			f->esc = ESC_OSC;
		else if (c == '(' || c == ')' || c == '*' || c == '+' || c == '#' || c == '%')
			f->esc = ESC_ONE_MORE;
		else if (c >= 0x30 && c <= 0x7e)
			f->esc = ESC_NONE; /* ESC 7, ESC c, ESC M, …: two bytes */
		else {
			f->esc = ESC_NONE;
			return false;
		}
		return true;
	case ESC_CSI:
		if (c >= 0x40 && c <= 0x7e)
			f->esc = ESC_NONE; /* the final byte */
		else if (c < 0x20 || c > 0x3f) {
			f->esc = ESC_NONE;
			return false;
		}
		return true;
	case ESC_OSC:
		if (c == 0x07)
			f->esc = ESC_NONE;
		else if (c == 0x1b)
			f->esc = ESC_OSC_END;
		return true;
	case ESC_OSC_END:
		f->esc = ESC_NONE;
		return c == '\\';
	default: /* ESC_ONE_MORE */
		f->esc = ESC_NONE;
		return true;
	}
}

/* Whether held + c is still the start of some banner; *whole when it is a whole banner prefix. */
static bool banner_prefix(const struct capture_filter *f, char c, bool *whole)
{
	*whole = false;
	for (size_t b = 0; b < BANNER_COUNT; b++) {
		size_t len = strlen(banners[b]);
		if (f->held_len < len && !memcmp(banners[b], f->held, f->held_len) && banners[b][f->held_len] == c) {
			*whole = f->held_len + 1 == len;
			return true;
		}
	}
	return false;
}

/* A byte after escape removal: banner matching at a connection's start, else passed on. */
static size_t text_byte(struct capture_filter *f, char c, char *out)
{
	size_t n = 0;
	if (f->skip_line) {
		if (c == '\n')
			f->skip_line = false;
		return 0;
	}
	if (f->connection_start) {
		bool whole;
		if (banner_prefix(f, c, &whole)) {
			f->held[f->held_len++] = c;
			if (whole) {
				f->held_len = 0;
				f->skip_line = true;
				f->connection_start = false;
			}
			return 0;
		}
		f->connection_start = false;
		memcpy(out, f->held, f->held_len);
		n = f->held_len;
		f->held_len = 0;
	}
	out[n++] = c;
	return n;
}

size_t capture_filter_run(struct capture_filter *f, const char *in, size_t n, char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)in[i];
		if (f->esc != ESC_NONE && escape_byte(f, c))
			continue;
		if (c == 0x1b) {
			f->esc = ESC_START;
			f->esc_len = 0;
			continue;
		}
		if (c == 0)
			continue;
		o += text_byte(f, (char)c, out + o);
	}
	return o;
}

size_t capture_filter_flush(struct capture_filter *f, char *out)
{
	size_t n = f->held_len;
	memcpy(out, f->held, n);
	f->held_len = 0;
	f->connection_start = false;
	return n;
}

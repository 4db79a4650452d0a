/* LAVA job log lines: see tools/capture/lava_log.h. The escapes are YAML
 * 1.1's double-quoted ones as PyYAML's emitter writes them
 * (yaml/emitter.py ESCAPE_REPLACEMENTS, \xXX, \uXXXX, \UXXXXXXXX). */
#include "tools/capture/lava_log.h"
#include "lib/parse.h"

#include <stdbool.h>
#include <string.h>

struct out {
	char *p;
	size_t n, size;
	bool overflow;
};

static void put(struct out *o, unsigned char c)
{
	if (o->n < o->size)
		o->p[o->n++] = (char)c;
	else
		o->overflow = true;
}

static void put_utf8(struct out *o, unsigned long cp)
{
	if (cp < 0x80) {
		put(o, (unsigned char)cp);
	} else if (cp < 0x800) {
		put(o, (unsigned char)(0xC0 | cp >> 6));
		put(o, (unsigned char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		put(o, (unsigned char)(0xE0 | cp >> 12));
		put(o, (unsigned char)(0x80 | ((cp >> 6) & 0x3F)));
		put(o, (unsigned char)(0x80 | (cp & 0x3F)));
	} else {
		put(o, (unsigned char)(0xF0 | cp >> 18));
		put(o, (unsigned char)(0x80 | ((cp >> 12) & 0x3F)));
		put(o, (unsigned char)(0x80 | ((cp >> 6) & 0x3F)));
		put(o, (unsigned char)(0x80 | (cp & 0x3F)));
	}
}

/* The double-quoted scalar whose opening quote is before *pp, up to its
 * closing quote (*pp is left after it); false when malformed. */
static bool scalar(const char **pp, const char *end, struct out *o)
{
	static const char simple_from[] = "0abtnvfre \"/\\N_LP\t";
	static const unsigned long simple_to[] = { 0, 7, 8, 9, 10, 11, 12, 13, 27, ' ', '"', '/', '\\',
						    0x85, 0xA0, 0x2028, 0x2029, '\t' };
	const char *p = *pp;
	while (p < end && *p != '"') {
		if (*p != '\\') {
			put(o, (unsigned char)*p++);
			continue;
		}
		if (++p >= end)
			return false;
		const char *s = strchr(simple_from, *p);
		if (s && *p) {
			put_utf8(o, simple_to[s - simple_from]);
			p++;
			continue;
		}
		int digits = *p == 'x' ? 2 : *p == 'u' ? 4 : *p == 'U' ? 8 : 0;
		if (!digits || end - p <= digits)
			return false;
		unsigned long cp = 0;
		for (int i = 1; i <= digits; i++) {
			int d = parse_hex_digit(p[i]);
			if (d < 0)
				return false;
			cp = cp << 4 | (unsigned long)d;
		}
		if (cp > 0x10FFFF)
			return false;
		put_utf8(o, cp);
		p += digits + 1;
	}
	if (p >= end)
		return false;
	*pp = p + 1;
	return true;
}

/* s is next at *pp: step over it. */
static bool literal(const char **pp, const char *end, const char *s)
{
	size_t n = strlen(s);
	if ((size_t)(end - *pp) < n || memcmp(*pp, s, n))
		return false;
	*pp += n;
	return true;
}

enum lava_log_line lava_log_decode(const char *line, size_t len, char *out, size_t out_size, size_t *out_len)
{
	const char *p = line, *end = line + len;
	char lvl[16];
	struct out o = { lvl, 0, sizeof lvl - 1, false };

	*out_len = 0;
	literal(&p, end, "- ");
	if (!literal(&p, end, "{\"dt\": \""))
		return LAVA_LOG_NOT_RECORD;
	struct out skip = { NULL, 0, 0, false };
	if (!scalar(&p, end, &skip) || !literal(&p, end, ", \"lvl\": \"") || !scalar(&p, end, &o) || o.overflow)
		return LAVA_LOG_NOT_RECORD;
	lvl[o.n] = '\0';
	/* `feedback` is the same console, logged while an action other than the
	 * one that owns the connection reads it (ShellLogger's is_feedback,
	 * lava_dispatcher/shell.py): the monitor action ends when its end pattern
	 * `#! end rows=` is seen, before the line's newline, so the whole end
	 * record is logged as feedback by the next action (seen here under load).
	 * ShellLogger logs each line once, as one or the other; a line doubled or
	 * lost anyway fails the stream's CRC, so it is never saved as verified.
	 * Feedback carries its connection's namespace: only "common", a job's
	 * one namespace when it names none (lava/qemu-job.yaml), is the DUT's;
	 * another namespace is another device of a multinode job. */
	bool feedback = !strcmp(lvl, "feedback");
	if (strcmp(lvl, "target") && !feedback)
		return LAVA_LOG_OTHER;
	/* The msg: YAML first, then ShellLogger's `"` -> `\"` undone (every
	 * `"` it wrote has its backslash right before it, so dropping the
	 * backslash before each quote gives back the console's text). */
	o = (struct out){ out, 0, out_size, false };
	if (!literal(&p, end, ", \"msg\": \"") || !scalar(&p, end, &o) || o.overflow)
		return LAVA_LOG_BAD;
	bool closed = literal(&p, end, "}");
	if (!closed && !literal(&p, end, ", \"ns\": \""))
		return LAVA_LOG_BAD;
	if (feedback && (closed || !literal(&p, end, "common\"}")))
		return LAVA_LOG_OTHER;
	size_t w = 0;
	for (size_t r = 0; r < o.n; r++) {
		if (out[r] == '\\' && r + 1 < o.n && out[r + 1] == '"')
			r++;
		out[w++] = out[r];
	}
	*out_len = w;
	return LAVA_LOG_TARGET;
}

/* Command-line parser over an option table it is given (the kernel's is
 * core/options/option_table.c). Tokens are separated by spaces; values contain no
 * spaces (no quoting: GRUB and QEMU pass the line verbatim). */
#include "lib/fmt.h"
#include "lib/mem.h"
#include "lib/parse.h"
#include "core/options/options.h"

/* Text and stream error code of each status, indexed by enum options_status. */
static const struct {
	const char *text, *code;
} status_names[] = {
	[OPTIONS_OK] = { "ok", "OK" },
	[OPTIONS_ERR_UNKNOWN_KEY] = { "unknown option", "CMDLINE_UNKNOWN_KEY" },
	[OPTIONS_ERR_BAD_VALUE] = { "bad value", "CMDLINE_BAD_VALUE" },
	[OPTIONS_ERR_DUPLICATE] = { "option given twice", "CMDLINE_DUPLICATE" },
	[OPTIONS_ERR_TOO_LONG] = { "command line too long", "CMDLINE_TOO_LONG" },
	[OPTIONS_ERR_BAD_BYTE] = { "non-printable byte in command line", "CMDLINE_BAD_BYTE" },
	[OPTIONS_ERR_MISSING_VALUE] = { "option needs a value", "CMDLINE_MISSING_VALUE" },
	[OPTIONS_ERR_UNEXPECTED_VALUE] = { "option takes no value", "CMDLINE_UNEXPECTED_VALUE" },
};
#define STATUS_COUNT (sizeof status_names / sizeof status_names[0])

const char *options_status_name(enum options_status st)
{
	return (unsigned)st < STATUS_COUNT && status_names[st].text ? status_names[st].text : "?";
}

const char *options_status_code(enum options_status st)
{
	return (unsigned)st < STATUS_COUNT && status_names[st].code ? status_names[st].code : "CMDLINE_ERROR";
}

static int find_option(const struct option_table *t, const char *name, size_t len)
{
	for (size_t i = 0; i < t->count; i++)
		if (strlen(t->defs[i].name) == len && !memcmp(t->defs[i].name, name, len))
			return (int)i;
	return -1;
}

/* Copy at most size-1 bytes of s (len bytes long) into out, replacing
 * anything non-printable with '?', so error text is always safe to print. */
static void copy_sanitized(char *out, size_t size, const char *s, size_t len)
{
	size_t n = 0;

	for (; n < len && n + 1 < size; n++)
		out[n] = (s[n] >= 0x20 && s[n] < 0x7f) ? s[n] : '?';
	out[n] = '\0';
}

static void copy_text(char *out, size_t size, const char *s)
{
	copy_sanitized(out, size, s, strlen(s));
}

/* Position of value in a '|'-separated list, or -1. */
static int enum_position(const char *allowed, const char *value)
{
	size_t vlen = strlen(value);

	for (int index = 0; *allowed; index++) {
		const char *end = allowed;
		while (*end && *end != '|')
			end++;
		if ((size_t)(end - allowed) == vlen && !memcmp(allowed, value, vlen))
			return index;
		allowed = *end ? end + 1 : end;
	}
	return -1;
}

/* NULL if value suits def, else the reason (an unsigned value's with the
 * range it must be in, "out of range 1..255", formatted into buf). */
static const char *check_value(const struct option_def *def, const char *value, char *buf, size_t size)
{
	uint64_t v;

	switch (def->type) {
	case OPT_FLAG:
		return NULL;
	case OPT_ENUM:
		return enum_position(def->allowed, value) >= 0 ? NULL : "not one of the allowed values";
	case OPT_UINT:
		if (!parse_uint(value, &v))
			return "not an unsigned integer";
		if (v >= def->min && v <= def->max)
			return NULL;
		fmt_snprintf(buf, size, "out of range %llu..%llu", (unsigned long long)def->min,
			     (unsigned long long)def->max);
		return buf;
	case OPT_TEXT:
		if (!*value)
			return "empty value";
		return def->validate ? def->validate(value) : NULL;
	}
	return "unknown option type";
}

static enum options_status fail(struct options *o, enum options_status st, const char *tok,
				size_t len, const char *reason)
{
	o->status = st;
	copy_sanitized(o->bad_token, sizeof o->bad_token, tok, len);
	copy_text(o->reason, sizeof o->reason, reason);
	return st;
}

enum options_status options_parse(struct options *o, const struct option_table *table, const char *cmdline,
				  bool truncated)
{
	memset(o, 0, sizeof *o);
	o->table = table;
	if (!cmdline)
		cmdline = "";
	size_t len = strlen(cmdline);
	if (len > OPTIONS_CMDLINE_MAX)
		return fail(o, OPTIONS_ERR_TOO_LONG, cmdline, 40, "longer than 1024 bytes");
	memcpy(o->storage, cmdline, len + 1);

	char *p = o->storage;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p)
			break;
		char *tok = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			p++;
		size_t toklen = (size_t)(p - tok);
		for (const char *c = tok; c < p; c++)
			if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
				return fail(o, OPTIONS_ERR_BAD_BYTE, tok, toklen, "only printable ASCII is allowed");
		char *eq = tok;
		while (eq < p && *eq != '=')
			eq++;
		int idx = find_option(table, tok, (size_t)(eq - tok));
		if (idx < 0)
			return fail(o, OPTIONS_ERR_UNKNOWN_KEY, tok, toklen, "no such option");
		const struct option_def *def = &table->defs[idx];
		if (o->value[idx])
			return fail(o, OPTIONS_ERR_DUPLICATE, tok, toklen, "each option may appear once");
		if (def->type == OPT_FLAG && eq < p)
			return fail(o, OPTIONS_ERR_UNEXPECTED_VALUE, tok, toklen, "write the bare name");
		if (def->type != OPT_FLAG && eq == p)
			return fail(o, OPTIONS_ERR_MISSING_VALUE, tok, toklen, "write name=value");
		bool last = !*p;
		*p = '\0';
		const char *value = def->type == OPT_FLAG ? "1" : eq + 1;
		char range[64];
		const char *why = check_value(def, value, range, sizeof range);
		if (why)
			return fail(o, OPTIONS_ERR_BAD_VALUE, tok, toklen, why);
		o->value[idx] = value;
		if (last)
			break;
		p++;
	}
	if (truncated) {
		/* The loader cut the line: what was parsed keeps its values (console=
		 * still applies), but the run must not go on with a partial line.
		 * The token is the line's first 40 bytes as given. */
		size_t n = len < 40 ? len : 40;
		o->status = OPTIONS_ERR_TOO_LONG;
		memcpy(o->bad_token, cmdline, n);
		o->bad_token[n] = '\0';
		copy_text(o->reason, sizeof o->reason, "longer than 1024 bytes");
		return o->status;
	}
	o->status = OPTIONS_OK;
	return OPTIONS_OK;
}

const char *options_value(const struct options *o, size_t id)
{
	if (!o->table || id >= o->table->count)
		return NULL;
	return o->value[id] ? o->value[id] : o->table->defs[id].def;
}

bool options_given(const struct options *o, size_t id)
{
	return o->table && id < o->table->count && o->value[id];
}

uint64_t options_uint(const struct options *o, size_t id)
{
	uint64_t v = 0;
	const char *text = options_value(o, id);

	if (text)
		parse_uint(text, &v);
	return v;
}

size_t options_enum_index(const struct options *o, size_t id)
{
	const char *value = options_value(o, id);
	int index;

	if (!value || o->table->defs[id].type != OPT_ENUM || (index = enum_position(o->table->defs[id].allowed, value)) < 0)
		return 0;
	return (size_t)index;
}

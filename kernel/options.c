/* Command-line option table and parser. Tokens are separated by spaces;
 * values contain no spaces (no quoting: GRUB and QEMU pass the line verbatim). */
#include "kernel/console/serial_port.h"
#include "kernel/lib/mem.h"
#include "kernel/experiment/plan.h"
#include "kernel/options.h"
#include "kernel/sibling/idle_mode.h"

const struct option_def option_table[] = {
	{ "help", OPT_FLAG, "", "", 0, 0,
	  "print this table and end the run", NULL },
	{ "console", OPT_TEXT, "ttyS0,115200", "ttyS0..3[,baud]|none", 0, 0,
	  "serial console (COM1..COM4) and baud rate, or none", serial_console_validate },
	{ "exit", OPT_ENUM, "auto", "auto|qemu|halt|reboot", 0, 0,
	  "at the end: qemu = isa-debug-exit port 0xf4; auto = qemu under QEMU, else halt (idlebench.efi: wait for a key, then back to the firmware)", NULL },
	{ "run", OPT_ENUM, "all", "platform|siblings|all", 0, 0,
	  "how far to go: platform = print what idlebench sees and stop", NULL },
	{ "c2port", OPT_UINT, "", "0x1..0xffff", 1, 0xFFFF,
	  "I/O port whose read enters C2 (overrides _CST, MSR and P_BLK)", NULL },
	{ "modes", OPT_TEXT, IDLE_MODES_DEFAULT, "comma list of hlt,mwait,ioport,spin,off", 0, 0,
	  "idle modes for the parked CPUs (run in table order: hlt,mwait,ioport,spin,off)", idle_modes_validate },
	{ "placement", OPT_ENUM, "sibling", "sibling|other-core|both", 0, 0,
	  "park the SMT sibling(s), a CPU on another core (control), or both", NULL },
	{ "x2apic", OPT_ENUM, "auto", "auto|on|off", 0, 0,
	  "local APIC mode: auto = x2APIC if firmware enabled it or IDs exceed 254", NULL },
	{ "mwait_hint", OPT_UINT, "0", "0x0..0xff", 0, 0xFF,
	  "MWAIT hint (EAX) for mode mwait: 0x00 = C1", NULL },
	{ "workloads", OPT_TEXT, "all", "all|int|fp|<name>,...", 0, 0,
	  "workloads to measure (comma list; help lists names via an error)", plan_workloads_validate },
	{ "preset", OPT_ENUM, "auto", "auto|quick|standard|full", 0, 0,
	  "sample plan: auto = quick under a hypervisor, standard on hardware", NULL },
	{ "reps", OPT_UINT, "", "1..255", 1, 255,
	  "measured repetitions per workload and mode (overrides the preset)", NULL },
	{ "warmup", OPT_UINT, "", "0..50", 0, 50,
	  "discarded warm-up repetitions (overrides the preset)", NULL },
	{ "sample_ms", OPT_UINT, "", "1..60000", 1, 60000,
	  "target length of one sample in ms (overrides the preset)", NULL },
	{ "order", OPT_ENUM, "interleaved", "interleaved|blocked", 0, 0,
	  "interleaved: every repetition visits every mode, shuffled by seed=", NULL },
	{ "seed", OPT_UINT, "1", "0..2^64-1", 0, UINT64_MAX,
	  "seed of the mode shuffle and of the bootstrap intervals", NULL },
	{ "selftest", OPT_ENUM, "none", "none|ud|pf|gp|ud-in-report|sibling-ud|sibling-ud-busy", 0, 0,
	  "raise this CPU exception on purpose (tests the fault report); ud-in-report: #UD, then another "
	  "inside its report; sibling-ud: #UD on the first parked CPU; "
	  "sibling-ud-busy: the same while this CPU writes lines", NULL },
};
const size_t option_count = sizeof option_table / sizeof option_table[0];

static const char *const status_text[] = {
	[OPTIONS_OK] = "ok",
	[OPTIONS_ERR_UNKNOWN_KEY] = "unknown option",
	[OPTIONS_ERR_BAD_VALUE] = "bad value",
	[OPTIONS_ERR_DUPLICATE] = "option given twice",
	[OPTIONS_ERR_TOO_LONG] = "command line too long",
	[OPTIONS_ERR_BAD_BYTE] = "non-printable byte in command line",
	[OPTIONS_ERR_MISSING_VALUE] = "option needs a value",
	[OPTIONS_ERR_UNEXPECTED_VALUE] = "option takes no value",
};

static const char *const status_code[] = {
	[OPTIONS_OK] = "OK",
	[OPTIONS_ERR_UNKNOWN_KEY] = "CMDLINE_UNKNOWN_KEY",
	[OPTIONS_ERR_BAD_VALUE] = "CMDLINE_BAD_VALUE",
	[OPTIONS_ERR_DUPLICATE] = "CMDLINE_DUPLICATE",
	[OPTIONS_ERR_TOO_LONG] = "CMDLINE_TOO_LONG",
	[OPTIONS_ERR_BAD_BYTE] = "CMDLINE_BAD_BYTE",
	[OPTIONS_ERR_MISSING_VALUE] = "CMDLINE_MISSING_VALUE",
	[OPTIONS_ERR_UNEXPECTED_VALUE] = "CMDLINE_UNEXPECTED_VALUE",
};

const char *options_status_name(enum options_status st)
{
	return (unsigned)st < sizeof status_text / sizeof status_text[0] ? status_text[st] : "?";
}

const char *options_status_code(enum options_status st)
{
	return (unsigned)st < sizeof status_code / sizeof status_code[0] ? status_code[st] : "CMDLINE_ERROR";
}

static int find_option(const char *name, size_t len)
{
	for (size_t i = 0; i < option_count; i++)
		if (strlen(option_table[i].name) == len && !memcmp(option_table[i].name, name, len))
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

bool options_parse_uint(const char *t, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10;

	if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
		base = 16;
		t += 2;
	}
	if (!*t)
		return false;
	for (; *t; t++) {
		unsigned d;
		if (*t >= '0' && *t <= '9')
			d = (unsigned)(*t - '0');
		else if (base == 16 && *t >= 'a' && *t <= 'f')
			d = (unsigned)(*t - 'a' + 10);
		else if (base == 16 && *t >= 'A' && *t <= 'F')
			d = (unsigned)(*t - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

static bool enum_allows(const char *allowed, const char *value)
{
	size_t vlen = strlen(value);

	while (*allowed) {
		const char *end = allowed;
		while (*end && *end != '|')
			end++;
		if ((size_t)(end - allowed) == vlen && !memcmp(allowed, value, vlen))
			return true;
		allowed = *end ? end + 1 : end;
	}
	return false;
}

/* NULL if value suits def, else the reason. */
static const char *check_value(const struct option_def *def, const char *value)
{
	uint64_t v;

	switch (def->type) {
	case OPT_FLAG:
		return NULL;
	case OPT_ENUM:
		return enum_allows(def->allowed, value) ? NULL : "not one of the allowed values";
	case OPT_UINT:
		if (!options_parse_uint(value, &v))
			return "not an unsigned integer";
		return (v < def->min || v > def->max) ? "out of range" : NULL;
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

enum options_status options_parse(struct options *o, const char *cmdline)
{
	memset(o, 0, sizeof *o);
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
		int idx = find_option(tok, (size_t)(eq - tok));
		if (idx < 0)
			return fail(o, OPTIONS_ERR_UNKNOWN_KEY, tok, toklen, "no such option");
		const struct option_def *def = &option_table[idx];
		if (o->value[idx])
			return fail(o, OPTIONS_ERR_DUPLICATE, tok, toklen, "each option may appear once");
		if (def->type == OPT_FLAG && eq < p)
			return fail(o, OPTIONS_ERR_UNEXPECTED_VALUE, tok, toklen, "write the bare name");
		if (def->type != OPT_FLAG && eq == p)
			return fail(o, OPTIONS_ERR_MISSING_VALUE, tok, toklen, "write name=value");
		bool last = !*p;
		*p = '\0';
		const char *value = def->type == OPT_FLAG ? "1" : eq + 1;
		const char *why = check_value(def, value);
		if (why)
			return fail(o, OPTIONS_ERR_BAD_VALUE, tok, toklen, why);
		o->value[idx] = value;
		if (last)
			break;
		p++;
	}
	o->status = OPTIONS_OK;
	return OPTIONS_OK;
}

const char *options_get(const struct options *o, const char *name)
{
	int idx = find_option(name, strlen(name));

	if (idx < 0)
		return NULL;
	return o->value[idx] ? o->value[idx] : option_table[idx].def;
}

uint64_t options_get_uint(const struct options *o, const char *name)
{
	uint64_t v = 0;
	const char *text = options_get(o, name);

	if (text)
		options_parse_uint(text, &v);
	return v;
}

bool options_is(const struct options *o, const char *name, const char *value)
{
	const char *v = options_get(o, name);

	return v && !strcmp(v, value);
}

bool options_given(const struct options *o, const char *name)
{
	int idx = find_option(name, strlen(name));

	return idx >= 0 && o->value[idx];
}

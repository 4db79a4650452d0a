/* libFuzzer target for the command-line parser. Input: arbitrary bytes, made a
 * C string (cut at the first NUL). Beyond "no crash, no out-of-bounds read"
 * (ASan, UBSan) it checks, for any input:
 * - the returned status is the one stored, and has a name and a code;
 * - every value the parser kept (also on error: options before the bad token
 *   stay) passes its option's check again, re-done here from the table, and
 *   appears in the input as a `name=value` token;
 * - on error, bad_token and reason are non-empty printable ASCII;
 * - the length limit: TOO_LONG exactly when the line exceeds OPTIONS_CMDLINE_MAX;
 * - a non-printable byte other than tab/CR/LF never yields OK;
 * - run_config_resolve turns whatever was kept into a usable configuration
 *   (a console whose baud divides 115200, enums in range, modes known). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/parse.h"
#include "core/options/option_table.h"
#include "kernel/run_config.h"

#define CHECK(cond) \
	do { \
		if (!(cond)) \
			abort(); \
	} while (0)

static int printable(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s >= 0x7f)
			return 0;
	return 1;
}

static int enum_contains(const char *allowed, const char *value)
{
	size_t vlen = strlen(value);

	for (const char *p = allowed;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == vlen && !memcmp(p, value, len))
			return 1;
		if (!bar)
			return 0;
		p = bar + 1;
	}
}

static void check_value(const struct option_def *d, const char *v)
{
	uint64_t n;

	CHECK(strpbrk(v, " \t\r\n") == NULL);
	CHECK(printable(v));
	switch (d->type) {
	case OPT_FLAG:
		CHECK(!strcmp(v, "1"));
		break;
	case OPT_ENUM:
		CHECK(enum_contains(d->allowed, v));
		break;
	case OPT_UINT:
		CHECK(parse_uint(v, &n));
		CHECK(n >= d->min && n <= d->max);
		break;
	case OPT_TEXT:
		CHECK(*v);
		CHECK(!d->validate || d->validate(v) == NULL);
		break;
	}
}

/* `name=value` (or the bare flag name) occurs as a whole token in line. */
static int token_in_line(const char *line, const char *name, const char *value, int flag)
{
	size_t nlen = strlen(name), vlen = strlen(value);

	for (const char *p = line; *p;) {
		while (*p && strchr(" \t\r\n", *p))
			p++;
		const char *start = p;
		while (*p && !strchr(" \t\r\n", *p))
			p++;
		size_t len = (size_t)(p - start);
		if (flag && len == nlen && !memcmp(start, name, nlen))
			return 1;
		if (!flag && len == nlen + 1 + vlen && !memcmp(start, name, nlen) && start[nlen] == '=' &&
		    !memcmp(start + nlen + 1, value, vlen))
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct options o;
	char *line = malloc(size + 1);

	if (!line)
		abort();
	memcpy(line, data, size);
	line[size] = '\0';
	size_t len = strlen(line);

	enum options_status st = options_parse(&o, &kernel_options, line, false);
	CHECK(st == o.status);
	CHECK(options_status_name(st)[0] != '?');
	CHECK(strcmp(options_status_code(st), "CMDLINE_ERROR") != 0);
	CHECK((st == OPTIONS_ERR_TOO_LONG) == (len > OPTIONS_CMDLINE_MAX));

	int bad_byte = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0x7f)
			bad_byte = 1;
	}
	if (bad_byte) /* an earlier token's error may be reported first */
		CHECK(st != OPTIONS_OK);

	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_def *d = &kernel_options.defs[i];
		const char *v = o.value[i];
		CHECK(options_value(&o, i) != NULL);
		CHECK(options_given(&o, i) == (v != NULL));
		if (!v)
			continue;
		CHECK((v >= o.storage && v < o.storage + sizeof o.storage) || d->type == OPT_FLAG);
		check_value(d, v);
		CHECK(token_in_line(line, d->name, v, d->type == OPT_FLAG));
		CHECK(!strcmp(options_value(&o, i), v));
	}

	static struct run_config cfg;
	run_config_resolve(&cfg, &o);
	CHECK(cfg.console.count <= CONSOLE_MAX_ITEMS && (!cfg.console.automatic || !cfg.console.count));
	for (unsigned k = 0; k < cfg.console.count; k++) {
		const struct console_item *it = &cfg.console.items[k];
		CHECK(!it->uart.baud || 115200 % it->uart.baud == 0);
		CHECK(memchr(it->text, '\0', sizeof it->text) != NULL && strstr(line, it->text) != NULL);
	}
	CHECK(cfg.exit <= EXIT_REBOOT && cfg.run <= RUN_ALL && cfg.placement < PLACEMENT_COUNT);
	CHECK(cfg.x2apic <= LAPIC_REQUEST_OFF && cfg.plan.preset <= PLAN_PRESET_FULL);
	CHECK(cfg.plan.order <= PLAN_BLOCKED && cfg.selftest <= SELFTEST_APIC_ID);
	CHECK(cfg.modes < (1u << IDLE_MODE_COUNT));
	CHECK(cfg.plan.workloads.count <= WORKLOAD_MAX);

	if (st != OPTIONS_OK) {
		CHECK(memchr(o.bad_token, '\0', sizeof o.bad_token) != NULL);
		CHECK(memchr(o.reason, '\0', sizeof o.reason) != NULL);
		CHECK(o.bad_token[0] != '\0' && printable(o.bad_token));
		CHECK(o.reason[0] != '\0' && printable(o.reason));
	}
	free(line);
	return 0;
}

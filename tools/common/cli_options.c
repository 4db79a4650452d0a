/* The host CLI's option parsing over getopt_long(3) (tools/common/cli_options.h).
 *
 * getopt_long runs in "+" (REQUIRE_ORDER) mode and sees only words that look
 * like options: cli_next hands operands back itself, in order, so options may
 * still come after operands (`report a.csv --png x.png`) while a "--" keeps
 * its place for compare's `A... -- B...` (glibc's permuting mode would move
 * the operands and lose where the "--" was). With a leading ':' getopt prints
 * nothing and tells a missing argument (':') from an unknown option ('?');
 * the messages are ours, naming the command and the flag. */
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "tools/common/cli_options.h"

/* longopts[].val of row i (short letters keep their own value). */
#define CLI_ROW_VAL(i) (0x100 + (int)(i))

static void print_usage_error(const struct cli_command *cmd, const char *fmt, va_list ap);

/* A usage error found while parsing: named on stderr, CLI_ERROR. */
__attribute__((format(printf, 2, 3))) static int parse_error(const struct cli_command *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	print_usage_error(cmd, fmt, ap);
	va_end(ap);
	return CLI_ERROR;
}

void (*cli_help_hook)(const struct cli_parser *p);

static const struct cli_option help_row = { "help", 'h', NULL, "print this help and exit" };

const struct cli_option *cli_help_option(void)
{
	return &help_row;
}

/* Row i of the table, with --help as the row after the command's own. */
static const struct cli_option *row_at(const struct cli_parser *p, size_t i)
{
	return i < p->own ? &p->cmd->options[i] : &help_row;
}

void cli_parser_begin(struct cli_parser *p, const struct cli_command *cmd, int argc, char **argv)
{
	memset(p, 0, sizeof *p);
	p->cmd = cmd;
	p->argc = argc;
	p->argv = argv;
	char *s = p->shortopts;
	*s++ = '+';
	*s++ = ':';
	while (cmd->options[p->own].name && p->own < CLI_MAX_OPTIONS - 1)
		p->own++;
	for (size_t i = 0; i <= p->own; i++) {
		const struct cli_option *o = row_at(p, i);
		p->longopts[i] = (struct option){ o->name, o->arg ? required_argument : no_argument, NULL,
						  CLI_ROW_VAL(i) };
		if (o->short_name) {
			*s++ = o->short_name;
			if (o->arg)
				*s++ = ':';
		}
	}
	*s = '\0';
	p->total = p->own + 1;
	/* A fresh getopt: optind = 0 makes glibc (and musl) drop what an earlier
	 * parse left, e.g. the rest of a group of short options; a call over an
	 * empty argv does it and leaves optind = 1, from where cli_next moves it. */
	static char *empty[] = { "", NULL };
	opterr = 0;
	optind = 0;
	(void)getopt_long(1, empty, "+:", p->longopts, NULL);
	optind = 1;
}

bool cli_parser_pass_through(struct cli_parser *p, const char *name, bool has_arg)
{
	if (p->total >= CLI_MAX_OPTIONS)
		return false;
	p->passed[p->total] = name;
	p->longopts[p->total] = (struct option){ name, has_arg ? required_argument : no_argument, NULL,
						 CLI_ROW_VAL(p->total) };
	p->total++;
	return true;
}

void cli_parser_more_help(struct cli_parser *p, void (*more)(FILE *out))
{
	p->more_help = more;
}

/* The row whose getopt value is val, or -1. */
static int row_of_val(const struct cli_parser *p, int val)
{
	if (val >= CLI_ROW_VAL(0) && val < CLI_ROW_VAL(p->total))
		return val - CLI_ROW_VAL(0);
	for (size_t i = 0; i <= p->own; i++)
		if (val && row_at(p, i)->short_name == val)
			return (int)i;
	return -1;
}

/* The row whose long name is exactly the first len bytes of name, or -1. */
static int row_named(const struct cli_parser *p, const char *name, size_t len)
{
	for (size_t i = 0; i < p->total; i++)
		if (strlen(p->longopts[i].name) == len && !strncmp(p->longopts[i].name, name, len))
			return (int)i;
	return -1;
}

/* The optimal string alignment distance of a[0..la) and b (insertions,
 * deletions, substitutions and swaps of two neighbours, one each), or
 * CLI_FAR when it exceeds CLI_NEAR: "fromat" is 1 from "format". */
#define CLI_NEAR 2
#define CLI_FAR (CLI_NEAR + 1)
static int distance(const char *a, size_t la, const char *b)
{
	size_t lb = strlen(b);
	if (la > 40 || lb > 40 || (la > lb ? la - lb : lb - la) > CLI_NEAR)
		return CLI_FAR;
	int d[41][41];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb] > CLI_NEAR ? CLI_FAR : d[la][lb];
}

/* Whether the word's name (len bytes) could be a misspelling of a long name:
 * its beginning (--htm for --html), or within one edit (two from six
 * letters on: --fromat, --sample_ms for --sample-ms). */
static bool near_name(const char *word, size_t len, const char *name)
{
	if (!len)
		return false;
	if (!strncmp(name, word, len))
		return true;
	return distance(word, len, name) <= (len >= 6 ? CLI_NEAR : 1);
}

/* "unknown option '--fromat' (did you mean '--format'?)": every long
 * option of every command, the pass-through ones of idlebench linux
 * included, gets the same suggestions (aliases kept for old scripts are
 * not suggested). */
static int error_unknown_long(const struct cli_parser *p, const char *word)
{
	size_t len = strcspn(word + 2, "=");
	char like[256] = "";
	size_t n = 0;
	for (size_t i = 0; i < p->total && n < sizeof like; i++)
		if (near_name(word + 2, len, p->longopts[i].name) && (i >= p->own + 1 || row_at(p, i)->help))
			n += (size_t)snprintf(like + n, sizeof like - n, "%s'--%s'", n ? " or " : "", p->longopts[i].name);
	if (n)
		return parse_error(p->cmd, "unknown option '--%.*s' (did you mean %s?)", (int)len, word + 2, like);
	return parse_error(p->cmd, "unknown option '--%.*s'", (int)len, word + 2);
}

/* How a row is spelled in a message: the way the word spelled it. */
static void spelling(const struct cli_parser *p, int row, const char *word, char *buf, size_t size)
{
	if (word[1] == '-' || !row_at(p, (size_t)row)->short_name)
		snprintf(buf, size, "--%s", p->longopts[row].name);
	else
		snprintf(buf, size, "-%c", row_at(p, (size_t)row)->short_name);
}

int cli_next(struct cli_parser *p, const char **arg)
{
	*arg = NULL;
	if (optind >= p->argc)
		return CLI_END;
	const char *word = p->argv[optind];
	if (p->options_done || word[0] != '-' || word[1] == '\0') {
		*arg = p->argv[optind++];
		return CLI_OPERAND;
	}
	if (!strcmp(word, "--")) {
		optind++;
		if (p->cmd->dashdash == CLI_DASHDASH_SEPARATES)
			return CLI_SEPARATOR;
		p->options_done = true;
		return cli_next(p, arg);
	}
	int c = getopt_long(p->argc, p->argv, p->shortopts, p->longopts, NULL);
	if (c == -1)
		return CLI_END;
	int row = c == '?' || c == ':' ? row_of_val(p, optopt) : row_of_val(p, c);
	if (word[1] == '-') {
		size_t len = strcspn(word + 2, "=");
		row = row_named(p, word + 2, len);
		if (row < 0)
			return error_unknown_long(p, word);
		if (c == '?') /* known, so given a value it does not take */
			return parse_error(p->cmd, "option '--%s' takes no argument (got '%s')", p->longopts[row].name,
					       word);
	} else if (c == '?') {
		return parse_error(p->cmd, "unknown option '-%c'", optopt);
	}
	if (c == ':') {
		char name[80];
		spelling(p, row, word, name, sizeof name);
		const char *what = row < (int)p->own ? row_at(p, (size_t)row)->arg : "a value";
		return parse_error(p->cmd, "option '%s' needs an argument (%s)", name, what);
	}
	*arg = optarg;
	if (row == (int)p->own) {
		if (cli_help_hook)
			cli_help_hook(p);
		else
			cli_print_help(stdout, p->cmd, p->more_help);
		return CLI_HELP;
	}
	if (row > (int)p->own) {
		p->passed_name = p->passed[row];
		return CLI_PASSTHROUGH;
	}
	return row;
}

const char *cli_passed_name(const struct cli_parser *p)
{
	return p->passed_name;
}

int cli_exit_status(int answer)
{
	return answer == CLI_HELP ? 0 : CLI_EXIT_USAGE;
}

static void print_usage_error(const struct cli_command *cmd, const char *fmt, va_list ap)
{
	fprintf(stderr, "idlebench %s: ", cmd->name);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, " (see idlebench %s --help)\n", cmd->name);
}

int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	print_usage_error(cmd, fmt, ap);
	va_end(ap);
	return CLI_EXIT_USAGE;
}

/* "-q, --quiet", "    --out DIR" */
static int option_label(const struct cli_option *o, char *buf, size_t size)
{
	char shortform[8] = "    ";
	if (o->short_name)
		snprintf(shortform, sizeof shortform, "-%c, ", o->short_name);
	return snprintf(buf, size, "%s--%s%s%s", shortform, o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Labels longer than this get their help on the next line. */
#define CLI_LABEL_MAX 28

static void print_row(FILE *out, const struct cli_option *o, int width)
{
	char label[128];
	int n = option_label(o, label, sizeof label);
	fprintf(out, "  %-*s", width, label);
	if (n > width)
		fprintf(out, "\n  %-*s", width, "");
	for (const char *h = o->help; *h;) {
		size_t len = strcspn(h, "\n");
		fprintf(out, "  %.*s\n", (int)len, h);
		h += len;
		if (*h == '\n' && *++h)
			fprintf(out, "  %-*s", width, "");
	}
}

void cli_print_options(FILE *out, const struct cli_option *options)
{
	int width = 0;
	char label[128];
	for (const struct cli_option *o = options; o->name; o++) {
		int n = option_label(o, label, sizeof label);
		if (o->help && n > width && n <= CLI_LABEL_MAX)
			width = n;
	}
	int n = option_label(&help_row, label, sizeof label);
	width = n > width ? n : width;
	fprintf(out, "options:\n");
	for (const struct cli_option *o = options; o->name; o++)
		if (o->help)
			print_row(out, o, width);
	print_row(out, &help_row, width);
}

/* Words of the usage line wrap under the first after "usage: idlebench CMD". */
#define CLI_USAGE_WIDTH 100

void cli_print_help(FILE *out, const struct cli_command *cmd, void (*more)(FILE *out))
{
	int col = fprintf(out, "usage: idlebench %s", cmd->name), indent = col;
	char word[160];
	for (const struct cli_option *o = cmd->options; o->name; o++) {
		if (!o->help)
			continue;
		int n = snprintf(word, sizeof word, "[--%s%s%s]", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		if (col + 1 + n > CLI_USAGE_WIDTH) {
			col = fprintf(out, "\n%*s", indent, "") - 1;
		}
		col += fprintf(out, " %s", word);
	}
	if (*cmd->operands && col + 1 + (int)strlen(cmd->operands) > CLI_USAGE_WIDTH)
		fprintf(out, "\n%*s", indent, "");
	fprintf(out, "%s%s\n", *cmd->operands ? " " : "", cmd->operands);
	fprintf(out, "%s\n", cmd->about);
	cli_print_options(out, cmd->options);
	if (more)
		more(out);
	if (*cmd->after)
		fprintf(out, "\n%s", cmd->after);
}

/* The host CLI's option parsing: one table per command (struct cli_option
 * rows: long name, short letter, argument name, help) from which both the
 * getopt_long(3) tables and the command's --help text are made, so a flag
 * cannot be parsed without being documented or documented without being
 * parsed. Every command gets --help/-h; errors name the command and the
 * flag ("idlebench report: unknown option '--foo' (see idlebench report
 * --help)") and mean exit status 2. */
#ifndef IDLEBENCH_TOOLS_CLI_OPTIONS_H
#define IDLEBENCH_TOOLS_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit status of a usage error (bad flag, missing or bad argument, missing operand). */
#define CLI_EXIT_USAGE 2
/* Most rows one command may have (its own, --help and pass-through ones). */
#define CLI_MAX_OPTIONS 64

/* One option of a command. A table ends with a row whose name is NULL. */
/* A macro's value as a string literal, for help texts built at compile
 * time: CLI_TEXT(SERIAL_PORT_DEFAULT_BAUD) is "115200". */
#define CLI_TEXT_(x) #x
#define CLI_TEXT(x) CLI_TEXT_(x)

struct cli_option {
	const char *name;  /* --name; a spelling kept for old scripts is its own row with help NULL */
	char short_name;   /* -c, or 0 */
	const char *arg;   /* the argument's name in --help (FILE, N); NULL: a flag without one */
	const char *help;  /* what it does; '\n' starts a continuation line; NULL: an alias, not listed */
};

/* What a "--" means to a command. */
enum cli_dashdash {
	CLI_DASHDASH_ENDS_OPTIONS, /* the usual: every later word is an operand */
	CLI_DASHDASH_SEPARATES,    /* an operand of its own (CLI_SEPARATOR), options still follow (A -- B) */
};

/* A command: its name, usage, description and option table. */
struct cli_command {
	const char *name;       /* "report": errors say "idlebench report: ..." */
	const char *operands;   /* after the options on the usage line: "FILE..." ("" for none) */
	const char *about;      /* printed between the usage line and the options ("" for none) */
	const char *after;      /* printed after the options: examples, exit statuses ("" for none) */
	const struct cli_option *options;
	enum cli_dashdash dashdash;
};

/* cli_next's answers besides an option's row index. */
enum {
	CLI_END = -1,       /* no more words */
	CLI_OPERAND = -2,   /* *arg is the next operand, in command-line order */
	CLI_SEPARATOR = -3, /* a "--" (CLI_DASHDASH_SEPARATES only) */
	CLI_HELP = -4,      /* --help: the help is on stdout; exit 0 */
	CLI_ERROR = -5,     /* a usage error, named on stderr; exit CLI_EXIT_USAGE */
	CLI_PASSTHROUGH = -6, /* a cli_parser_pass_through name: *arg its value, cli_passed_name() its name */
};

/* A parse in progress over one argv (argv[0] is the command name). */
struct cli_parser {
	const struct cli_command *cmd;
	int argc;
	char **argv;
	bool options_done;                        /* after "--" (CLI_DASHDASH_ENDS_OPTIONS) */
	size_t own, total;                        /* rows: the table's, and with pass-through ones */
	struct option longopts[CLI_MAX_OPTIONS + 1];
	const char *passed[CLI_MAX_OPTIONS];      /* pass-through names by row */
	char shortopts[2 + 2 * CLI_MAX_OPTIONS + 3];
	const char *passed_name;                  /* of the last CLI_PASSTHROUGH */
	void (*more_help)(FILE *out);             /* prints the pass-through rows in --help */
};

/* Start parsing argv for cmd (resets getopt's state). */
void cli_parser_begin(struct cli_parser *p, const struct cli_command *cmd, int argc, char **argv);
/* Accept --name (with has_arg: --name=V or --name V) as a flag the caller
 * checks itself (idlebench linux hands the kernel's option rows through);
 * call after cli_parser_begin, before cli_next. False when the table is full. */
bool cli_parser_pass_through(struct cli_parser *p, const char *name, bool has_arg);
/* --help prints the pass-through rows with more (after the table's options). */
void cli_parser_more_help(struct cli_parser *p, void (*more)(FILE *out));
/* The next word: an option's row index in cmd->options (*arg its argument or
 * NULL), or one of CLI_END, CLI_OPERAND, CLI_SEPARATOR, CLI_HELP, CLI_ERROR,
 * CLI_PASSTHROUGH. Long names must be spelled in full (no getopt prefix
 * matching), so adding a flag never changes what an old command line means. */
int cli_next(struct cli_parser *p, const char **arg);
/* The name of the last CLI_PASSTHROUGH option, as given (without "--"). */
const char *cli_passed_name(const struct cli_parser *p);
/* The status a command returns for a cli_next answer that ends it (CLI_HELP 0, CLI_ERROR 2). */
int cli_exit_status(int answer);

/* Print "idlebench CMD: <message> (see idlebench CMD --help)" on stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Set by the man page and completion generator (tools/cli/cli_docs.h): a
 * command's --help hands its parser (table, pass-through rows, more_help) to
 * this instead of printing, and still answers CLI_HELP. NULL: --help prints. */
extern void (*cli_help_hook)(const struct cli_parser *p);

/* The --help row every command has ("-h, --help"), as its --help lists it. */
const struct cli_option *cli_help_option(void);

/* The command's --help text: usage line, about, the options, more's rows (more may be NULL), after. */
void cli_print_help(FILE *out, const struct cli_command *cmd, void (*more)(FILE *out));
/* The options section alone ("  -q, --quiet   help"), for commands that add their own rows after it. */
void cli_print_options(FILE *out, const struct cli_option *options);

#endif

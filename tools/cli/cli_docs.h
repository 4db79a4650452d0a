/* The man pages and the bash completion, made from the CLI's own tables.
 *
 * `idlebench __generate man DIR` writes idlebench.1 and idlebench-CMD.1 per
 * command; `idlebench __generate bash-completion FILE` the completion script
 * (hidden: the build runs them, mk/install.mk). Each command is run with
 * --help while cli_help_hook is set, which hands over the parser --help
 * prints from: the command's table, its pass-through rows and its more_help
 * text. So the pages say what --help says and the completion offers what
 * the parser takes (tests/scripts/test_man_completion.sh compares). */
#ifndef IDLEBENCH_TOOLS_CLI_DOCS_H
#define IDLEBENCH_TOOLS_CLI_DOCS_H

#include <stdbool.h>
#include <stdio.h>

#include "tools/common/cli_options.h"
#include "tools/common/commands.h"

/* A row of a command's more_help text ("  --key=ALLOWED  (default X)" and
 * its indented help lines), or of its intro (name NULL: a line of prose). */
struct cli_doc_row {
	char *name;  /* "placement" (without "--"), or NULL for a prose line */
	char *arg;   /* "sibling|other-core|both", or NULL for a flag */
	char *label; /* the label line as --help prints it, trimmed */
	char *help;  /* the help lines joined by '\n' ("" when none); the prose line itself */
};

/* What one command's --help is made of. */
struct cli_doc {
	const struct host_command *hc;
	const struct cli_command *cmd;
	size_t n_passed; /* pass-through flags (idlebench linux's experiment rows) */
	const char *passed[CLI_MAX_OPTIONS];
	bool passed_arg[CLI_MAX_OPTIONS];
	size_t n_more; /* more_help's text, parsed */
	struct cli_doc_row more[CLI_MAX_OPTIONS * 2];
};

/* Collect every command of host_commands; the count, or -1 (said on err)
 * when a command's --help did not reach the hook or memory ran out. */
int cli_docs_collect(struct cli_doc *docs, size_t max, FILE *err);
/* The values an argument name enumerates ("text|commit" -> text, commit):
 * the lower-case words between '|'; none for FILE|DIR or LIST. Writes up to
 * max pointers into a copy in buf; returns the count. */
size_t cli_doc_values(const char *arg, char *buf, size_t size, const char **values, size_t max);

/* idlebench.1 and idlebench-CMD.1 under dir; false (said on err) on a write error. */
bool cli_man_write(const char *dir, const struct cli_doc *docs, size_t n, FILE *err);
/* The bash completion script. */
void cli_completion_write(FILE *out, const struct cli_doc *docs, size_t n);

/* `idlebench __generate man DIR | bash-completion FILE`. */
int cmd_generate(int argc, char **argv);

#endif

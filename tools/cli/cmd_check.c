/* `idlebench check FILE…`: verify saved result streams (schema version, header,
 * field counts, row count, CRC-32). An intact stream whose end record says
 * status=error passes: it is a faithful record of a run that failed, and its
 * status is printed. A directory is searched for *.csv (tools/common/result_tree.h).
 * Exit 0 only when every file passes; 1 when one fails or cannot be read
 * (named once with the reason, the others still checked); 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/common/stream_reader.h"
#include "tools/common/result_tree.h"

/* Verify one file; prints its verdict line; returns true when it passes. */
static bool check_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		fprintf(stderr, "idlebench check: %s: unreadable: %s\n", path, strerror(errno));
		return false;
	}
	int read_errno;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	if (f != stdin)
		fclose(f);
	if (!r) {
		fprintf(stderr, "idlebench check: %s: out of memory\n", path);
		return false;
	}

	bool ok = !read_errno && stream_reader_result(r) == STREAM_OK;
	if (read_errno)
		fprintf(stderr, "idlebench check: %s: unreadable: %s\n", path, strerror(read_errno));
	else if (!ok)
		fprintf(stderr, "idlebench check: %s: %s\n", path, stream_reader_message(r));
	else {
		printf("%s: ok rows=%zu status=%s\n", path, stream_reader_row_count(r), stream_reader_end_status(r));
		fflush(stdout); /* keep verdicts in file order when stdout and stderr share a pipe */
	}
	stream_reader_free(r);
	return ok;
}

struct check_walk {
	bool all_ok;
	size_t files;
};

static bool check_one(const char *path, void *ctx)
{
	struct check_walk *cw = ctx;
	cw->files++;
	if (!check_file(path))
		cw->all_ok = false;
	return true;
}

static const struct cli_option options[] = {
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command check_cli = {
	"check", "FILE|DIR...",
	"Verifies each result stream (- reads stdin; a DIR is searched for *.csv recursively, as report\n"
	"and export search one): header and schema version, data header, the field\n"
	"count of every row, the end record's row count and CRC-32. Prints\n"
	"`FILE: ok rows=N status=ok|error` or `FILE: <reason>`; exits 0 only if all pass.\n"
	"A stream that ended status=error but is intact passes (its status is shown).\n",
	"Exit: 0 every file passed; 1 a file failed or could not be read (each named once, the others\n"
	"still checked); 2 usage.\n", options, CLI_DASHDASH_ENDS_OPTIONS,
};

int cmd_check(int argc, char **argv)
{
	const char **files = calloc((size_t)argc, sizeof *files), *arg;
	size_t n = 0;
	if (!files) {
		fprintf(stderr, "idlebench check: out of memory\n");
		return 1;
	}
	struct cli_parser p;
	result_tree_set_command("check");
	cli_parser_begin(&p, &check_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a != CLI_OPERAND) {
			free(files);
			return cli_exit_status(a);
		}
		files[n++] = arg;
	}
	if (!n) {
		free(files);
		return cli_usage_error(&check_cli, "no result file given");
	}
	/* A directory is searched for *.csv as report and export search one
	 * (tools/common/result_tree.h); each file is verified, duplicates and
	 * INCOMPLETE names included: check verifies files, not boots. */
	struct check_walk cw = { .all_ok = true };
	int named = result_tree_list((char *const *)files, (int)n, check_one, &cw, stderr);
	if (named)
		cw.all_ok = false;
	if (named >= 0 && !cw.files) {
		fprintf(stderr, "idlebench check: no result file in the paths given (a directory is searched for *.csv)\n");
		cw.all_ok = false;
	}
	free(files);
	fflush(stdout);
	return cw.all_ok ? 0 : 1;
}

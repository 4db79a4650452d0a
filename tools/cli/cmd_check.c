/* `idlebench check FILE…`: verify saved result streams (schema version, header,
 * field counts, row count, CRC-32). An intact stream whose end record says
 * status=error passes: it is a faithful record of a run that failed, and its
 * status is printed. Exit 0 only when every file passes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli/cli_options.h"
#include "tools/cli/commands.h"
#include "tools/cli/stream_reader.h"

/* Verify one file; prints its verdict line; returns true when it passes. */
static bool check_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return false;
	}
	int read_errno;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	if (f != stdin)
		fclose(f);
	if (!r) {
		fprintf(stderr, "%s: out of memory\n", path);
		return false;
	}

	bool ok = !read_errno && stream_reader_result(r) == STREAM_OK;
	if (read_errno)
		fprintf(stderr, "%s: read error: %s\n", path, strerror(read_errno));
	else if (!ok)
		fprintf(stderr, "%s: %s\n", path, stream_reader_message(r));
	else {
		printf("%s: ok rows=%zu status=%s\n", path, stream_reader_row_count(r), stream_reader_end_status(r));
		fflush(stdout); /* keep verdicts in file order when stdout and stderr share a pipe */
	}
	stream_reader_free(r);
	return ok;
}

static const struct cli_option options[] = {
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command check_cli = {
	"check", "FILE...",
	"Verifies each result stream (- reads stdin): header and schema version, data header, the field\n"
	"count of every row, the end record's row count and CRC-32. Prints\n"
	"`FILE: ok rows=N status=ok|error` or `FILE: <reason>`; exits 0 only if all pass.\n"
	"A stream that ended status=error but is intact passes (its status is shown).\n",
	"Exit: 0 every file passed; 1 a file failed; 2 usage.\n", options, CLI_DASHDASH_ENDS_OPTIONS,
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
	bool all_ok = true;
	for (size_t i = 0; i < n; i++) {
		bool ok = check_file(files[i]);
		all_ok = all_ok && ok;
	}
	free(files);
	fflush(stdout);
	return all_ok ? 0 : 1;
}

/* `idlebench check FILE…`: verify saved result streams (schema version, header,
 * field counts, row count, CRC-32). An intact stream whose end record says
 * status=error passes: it is a faithful record of a run that failed, and its
 * status is printed. Exit 0 only when every file passes. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/stream_reader.h"

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

int cmd_check(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: idlebench check FILE... (idlebench check --help)\n");
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		printf("usage: idlebench check FILE...   (- reads stdin)\n"
		       "Verifies each result stream: header and schema version, data header, the field\n"
		       "count of every row, the end record's row count and CRC-32. Prints\n"
		       "`FILE: ok rows=N status=ok|error` or `FILE: <reason>`; exits 0 only if all pass.\n"
		       "A stream that ended status=error but is intact passes (its status is shown).\n");
		return 0;
	}
	bool all_ok = true;
	for (int i = 1; i < argc; i++) {
		bool ok = check_file(argv[i]);
		all_ok = all_ok && ok;
	}
	fflush(stdout);
	return all_ok ? 0 : 1;
}

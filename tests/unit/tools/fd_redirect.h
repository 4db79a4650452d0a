/* Test helper: run a CLI command with stdout/stderr/stdin redirected to files,
 * so its exact output can be asserted. */
#ifndef IDLEBENCH_TESTS_UNIT_TOOLS_FD_REDIRECT_H
#define IDLEBENCH_TESTS_UNIT_TOOLS_FD_REDIRECT_H

#include <stddef.h>

/* What a command printed and returned. */
struct command_output {
	int status;
	char out[65536];
	char err[65536];
};

/* Run cmd(argc, argv) with stdin from stdin_path (NULL: unchanged), capturing stdout and stderr. */
void run_command(int (*cmd)(int, char **), int argc, char **argv, const char *stdin_path,
		 struct command_output *o);

/* Read a whole file into a malloc'd buffer; *len receives its size; NULL when unreadable. */
char *read_whole_file(const char *path, size_t *len);

#endif

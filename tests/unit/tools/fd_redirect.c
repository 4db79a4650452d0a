/* Test helper: see fd_redirect.h. */
#include "tests/unit/tools/fd_redirect.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *read_whole_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap + 1);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *p = realloc(buf, cap * 2 + 1);
			if (!p) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = p;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void slurp(FILE *f, char *dst, size_t size)
{
	fflush(f);
	rewind(f);
	size_t n = fread(dst, 1, size - 1, f);
	dst[n] = '\0';
	fclose(f);
}

void run_command(int (*cmd)(int, char **), int argc, char **argv, const char *stdin_path,
		 struct command_output *o)
{
	FILE *out = tmpfile(), *err = tmpfile();
	int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO), saved_in = -1;
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(out), STDOUT_FILENO);
	dup2(fileno(err), STDERR_FILENO);
	if (stdin_path) {
		int fd = open(stdin_path, O_RDONLY);
		saved_in = dup(STDIN_FILENO);
		dup2(fd, STDIN_FILENO);
		close(fd);
	}
	o->status = cmd(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved_out);
	close(saved_err);
	if (saved_in >= 0) {
		clearerr(stdin);
		dup2(saved_in, STDIN_FILENO);
		close(saved_in);
	}
	slurp(out, o->out, sizeof o->out);
	slurp(err, o->err, sizeof o->err);
}

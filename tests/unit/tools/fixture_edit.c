#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "lib/crc32.h"
#include "tests/unit/tools/fixture_edit.h"

void fixture_with_lines_after(const char *fixture, const char *after, const char *extra, char *path)
{
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	FILE *in = fopen(fixture, "r"), *out = fopen(path, "w");
	assert_non_null(in);
	assert_non_null(out);
	char line[8192];
	uint32_t crc = 0;
	bool added = false;
	while (fgets(line, sizeof line, in)) {
		if (!strncmp(line, "#! end ", 7)) {
			*strstr(line, "crc32=") = '\0';
			fprintf(out, "%scrc32=%08x\n", line, crc);
			break;
		}
		crc = crc32_update(crc, line, strlen(line));
		fputs(line, out);
		if (!added && !strncmp(line, after, strlen(after))) {
			crc = crc32_update(crc, extra, strlen(extra));
			fputs(extra, out);
			added = true;
		}
	}
	fclose(in);
	assert_int_equal(fclose(out), 0);
	assert_true(added);
}

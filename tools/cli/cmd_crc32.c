/* `idlebench crc32 FILE|-`: the CRC-32 the result stream's end record uses,
 * computed over a whole file (handy when checking a stream by hand). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/crc32.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"

static const struct cli_option options[] = {
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command crc32_cli = {
	"crc32", "FILE|-",
	"Prints the CRC-32 (the result stream's, IEEE 802.3) of the whole file, or of stdin with -.\n",
	"Exit: 0 printed; 1 the file cannot be read (a directory is refused); 2 usage.\n", options,
	CLI_DASHDASH_ENDS_OPTIONS,
};

int cmd_crc32(int argc, char **argv)
{
	const char *path = NULL, *arg;
	struct cli_parser p;
	cli_parser_begin(&p, &crc32_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a != CLI_OPERAND)
			return cli_exit_status(a);
		if (path)
			return cli_usage_error(&crc32_cli, "one FILE only ('%s' and '%s')", path, arg);
		path = arg;
	}
	if (!path)
		return cli_usage_error(&crc32_cli, "no FILE given");
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		fprintf(stderr, "idlebench crc32: %s: %s\n", path, strerror(errno));
		return 1;
	}
	struct stat st;
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		/* fopen opens a directory and fread then fails: 00000000 would look like a CRC */
		fprintf(stderr, "idlebench crc32: %s: a directory; crc32 reads one file (idlebench crc32 %s%sFILE.csv)\n",
			path, path, path[strlen(path) - 1] == '/' ? "" : "/");
		if (f != stdin)
			fclose(f);
		return 1;
	}
	unsigned char buf[65536];
	size_t n;
	uint32_t crc = 0;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		crc = crc32_update(crc, buf, n);
	int read_errno = ferror(f) ? errno : 0;
	if (f != stdin)
		fclose(f);
	if (read_errno) {
		fprintf(stderr, "idlebench crc32: %s: %s\n", path, strerror(read_errno));
		return 1;
	}
	printf("%08x\n", crc);
	return 0;
}

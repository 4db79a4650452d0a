/* `idlebench crc32 FILE|-`: the CRC-32 the result stream's end record uses,
 * computed over a whole file (handy when checking a stream by hand). */
#include <stdio.h>
#include <string.h>

#include "kernel/lib/crc32.h"
#include "tools/commands.h"

int cmd_crc32(int argc, char **argv)
{
	if (argc != 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr, "usage: idlebench crc32 FILE|-\n");
		return argc == 2 ? 0 : 2;
	}
	FILE *f = strcmp(argv[1], "-") ? fopen(argv[1], "rb") : stdin;
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	unsigned char buf[65536];
	size_t n;
	uint32_t crc = 0;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		crc = crc32_update(crc, buf, n);
	if (f != stdin)
		fclose(f);
	printf("%08x\n", crc);
	return 0;
}

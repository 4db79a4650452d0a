/* Host CLI entry point: dispatches `idlebench <command>` through one table. */
#include <stdio.h>
#include <string.h>

#include "tools/commands.h"

const struct host_command host_commands[] = {
	{ "crc32", "print the stream CRC-32 of a file (or stdin with -)", cmd_crc32 },
	{ "inspect", "what idlebench reads from an acpidump: CPUs, C-states, C2 port", cmd_inspect },
	{ "capture", "save a result stream from a serial line, file, stdin or command", cmd_capture },
	{ "check", "verify result files: schema, header, field counts, row count, CRC-32", cmd_check },
	{ "bench", "run the workloads on this CPU in Linux user space, print CSV rows", cmd_bench },
	{ "report", "table (and --png chart) of slowdown vs hlt from result files, runs pooled", cmd_report },
	{ "compare", "difference in slowdown between two groups of result files (A -- B), with intervals", cmd_compare },
	{ "export", "result files as JSON Lines (--jsonl) for jq and pandas", cmd_export },
	{ "linux", "the experiment on this Linux system: the sibling's idle state chosen through cpuidle sysfs", cmd_linux },
	{ NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: idlebench <command> [args]   (idlebench <command> --help)\n\ncommands:\n");
	for (const struct host_command *c = host_commands; c->name; c++)
		fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	for (const struct host_command *c = host_commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->run(argc - 1, argv + 1);
	fprintf(stderr, "idlebench: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}

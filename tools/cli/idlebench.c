/* Host CLI entry point: dispatches `idlebench <command>` through one table. */
#include <stdio.h>
#include <string.h>

#include "tools/cli/cli_docs.h"
#include "tools/common/commands.h"

const char host_cli_summary[] = "the host tools of idlebench, a bootable benchmark of SMT sibling idle states";
const char *const host_cli_usage[] = {
	"idlebench <command> [options] [args]",
	"idlebench <command> --help   (or idlebench help <command>)",
	"idlebench --version   (or idlebench version)",
	NULL,
};
const char host_cli_about[] =
	"Reads, checks, saves, analyses and exports the result streams the idlebench kernel\n"
	"writes, and runs the same experiment under Linux.\n";

const struct host_command host_commands[] = {
	{ "crc32", "print the stream CRC-32 of a file (or stdin with -)", cmd_crc32 },
	{ "inspect", "what idlebench reads from an acpidump: CPUs, C-states, C2 port", cmd_inspect },
	{ "capture", "save a result stream from a serial line, file, stdin or command", cmd_capture },
	{ "check", "verify result files: schema, header, field counts, row count, CRC-32", cmd_check },
	{ "bench", "run the workloads on this CPU in Linux user space, print CSV rows", cmd_bench },
	{ "report", "table (and --png chart) of slowdown vs hlt from result files, runs pooled", cmd_report },
	{ "compare", "difference in slowdown between two groups of result files (A -- B), with intervals", cmd_compare },
	{ "export", "result files as JSON Lines (--jsonl) or into an SQLite database (--sqlite DB)", cmd_export },
	{ "linux", "the experiment on this Linux system: the sibling's idle state chosen through cpuidle sysfs", cmd_linux },
	{ "version", "print the version: release, commit, -dirty for uncommitted changes", cmd_version },
	{ NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	fprintf(out, "idlebench: %s\n", host_cli_summary);
	for (const char *const *u = host_cli_usage; *u; u++)
		fprintf(out, "%s%s\n", u == host_cli_usage ? "usage: " : "       ", *u);
	fprintf(out, "%s\ncommands:\n", host_cli_about);
	for (const struct host_command *c = host_commands; c->name; c++)
		fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

static const struct host_command *command_named(const char *name)
{
	for (const struct host_command *c = host_commands; c->name; c++)
		if (!strcmp(name, c->name))
			return c;
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || (!strcmp(argv[1], "help") && argc == 2)) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		if (argc == 2)
			return cmd_version(1, argv + 1);
		fprintf(stderr, "idlebench: --version takes no arguments ('%s') (see idlebench --help)\n", argv[2]);
		return 2;
	}
	/* Hidden: the build makes the man pages and the completion with it (mk/install.mk). */
	if (!strcmp(argv[1], "__generate"))
		return cmd_generate(argc - 1, argv + 1);
	/* `idlebench help CMD` is `idlebench CMD --help`. */
	if (!strcmp(argv[1], "help")) {
		const struct host_command *c = command_named(argv[2]);
		if (argc > 3 || !c) {
			fprintf(stderr, "idlebench help: %s '%s' (see idlebench --help)\n",
				c ? "one command, not" : "unknown command", argc > 3 ? argv[3] : argv[2]);
			return 2;
		}
		char *help_argv[] = { argv[2], "--help", NULL };
		return c->run(2, help_argv);
	}
	const struct host_command *c = command_named(argv[1]);
	if (c)
		return c->run(argc - 1, argv + 1);
	fprintf(stderr, "idlebench: unknown command '%s' (see idlebench --help)\n", argv[1]);
	return 2;
}

/* The host CLI's subcommands: `build/host/idlebench <command> [args]`.
 * Each returns the process exit status (0 ok, 1 failure/rejected input, 2 usage). */
#ifndef IDLEBENCH_TOOLS_COMMANDS_H
#define IDLEBENCH_TOOLS_COMMANDS_H

/* One subcommand: its name, a one-line summary for `idlebench --help`, its entry. */
struct host_command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv); /* argv[0] is the command name */
};

/* The table lives in tools/cli/idlebench.c; each command lives in tools/cmd_<name>.c. */
extern const struct host_command host_commands[];

/* What `idlebench --help` and idlebench(1) say before the commands: the
 * one-line summary, the usage lines (without "usage: "), a paragraph. */
extern const char host_cli_summary[];
extern const char *const host_cli_usage[];
extern const char host_cli_about[];

/* `idlebench version` (and `idlebench --version`): the version string. */
int cmd_version(int argc, char **argv);
/* `idlebench crc32 FILE|-`: the stream CRC-32 of a file. */
int cmd_crc32(int argc, char **argv);
/* `idlebench inspect ACPIDUMP`: the acpi_* and c2_* keys the kernel would report. */
int cmd_inspect(int argc, char **argv);
/* `idlebench capture [--out DIR] SOURCE`: save a verified stream from a serial line, file, stdin or command. */
int cmd_capture(int argc, char **argv);
/* `idlebench check FILE...`: verify saved result streams. */
int cmd_check(int argc, char **argv);
/* `idlebench bench`: the workloads in Linux user space, as a result stream. */
int cmd_bench(int argc, char **argv);
/* `idlebench report FILE...`: slowdown vs hlt per machine, runs pooled, with an optional PNG chart. */
int cmd_report(int argc, char **argv);
/* `idlebench export --jsonl FILE... | --sqlite DB PATH...`: result streams as JSON Lines or into SQLite. */
int cmd_export(int argc, char **argv);
/* `idlebench compare A... -- B...`: the difference in slowdown between two groups of runs. */
int cmd_compare(int argc, char **argv);
/* `idlebench linux`: the experiment under Linux, the sibling's state chosen and proven through cpuidle sysfs. */
int cmd_linux(int argc, char **argv);

#endif

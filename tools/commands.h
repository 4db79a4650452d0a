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

/* The table lives in tools/idlebench.c; each command lives in tools/cmd_<name>.c. */
extern const struct host_command host_commands[];

#endif

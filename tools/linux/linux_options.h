/* `idlebench linux` options: the kernel's rows where they mean the same
 * (workloads=, preset=, reps=, warmup=, sample_ms=, order=, seed=,
 * settle_us=, precision=, budget_s=, copied from core/options/option_table.c so
 * they are one definition) and Linux's own cpu=, modes= and placement=,
 * parsed by the kernel's parser (core/options/options.c), so a bad value gets the
 * kernel's error; on the command line --key=value or --key value, with '-'
 * or '_' in the key (--sample-ms=2), or a kernel-style key=value word. The
 * command's own flags (--list, --restore, --out, --out-dir, --sysfs-root,
 * --metric, --higher-is-better, --timeout-s, --name, --help) are a
 * getopt_long table (tools/common/cli_options.h); every word after "--" is the
 * COMMAND to time and its arguments. */
#ifndef IDLEBENCH_TOOLS_LINUX_OPTIONS_H
#define IDLEBENCH_TOOLS_LINUX_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "core/experiment/plan.h"
#include "core/options/options.h"
#include "core/sibling/placement.h"

/* Default --modes=: every Linux mode a machine may offer, and the controls. */
#define LINUX_MODES_DEFAULT "hlt,mwait,ioport,hlt2,spike,poll,c1e,c3,c6"

/* The command's configuration. */
struct linux_config {
	bool help, list, restore;
	int cpu;                   /* -1: the first CPU with an online SMT sibling */
	enum placement placement;  /* sibling or other-core */
	uint32_t modes;            /* bit = enum idle_mode */
	bool modes_given;
	const char *out;           /* NULL: standard output */
	const char *out_dir;       /* NULL, or save under it by the naming scheme */
	const char *sysfs_root;    /* NULL: IDLEBENCH_SYSFS_ROOT, else the real / */
	struct plan_request plan;
	/* `-- COMMAND [ARGS...]`: the words after "--", as given (no shell);
	 * command_argc 0: the registry's workloads */
	char *const *command_argv;
	int command_argc;
	const char *name;          /* --name= (default LINUX_COMMAND_NAME) */
	const char *metric;        /* --metric=REGEX, NULL: the slowdown is on the wall time */
	bool higher_is_better;     /* --higher-is-better: the score is a rate */
	unsigned timeout_s;        /* --timeout-s=, 0: none */
};

/* The workload name of a command run without --name=. */
#define LINUX_COMMAND_NAME "cmd"
/* Longest --name= (the report's name slots hold 31 bytes). */
#define LINUX_NAME_MAX 31

/* Parse argv (argv[0] is the command name) into c. On a usage error: false,
 * the message on stderr (cli_options) or err (the kernel parser's); on
 * --help: true, c->help set, the help already on stdout. */
bool linux_options_parse(int argc, char **argv, struct linux_config *c, FILE *err);
/* The command's whole --help: its own flags, then the experiment's rows. */
void linux_options_print(FILE *out);

#endif

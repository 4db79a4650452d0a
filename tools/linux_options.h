/* `idlebench linux` options: the kernel's rows where they mean the same
 * (workloads=, preset=, reps=, warmup=, sample_ms=, order=, seed=,
 * settle_us=, precision=, budget_s=, copied from kernel/option_table.c so
 * they are one definition), Linux's own modes= and placement=, and the
 * command's own (cpu=, list, restore, out=, out_dir=, sysfs_root=). Parsed by the
 * kernel's parser (kernel/options.c), so a bad option gets the kernel's
 * error. On the command line they are spelled --key=value, with '-' for
 * '_' in the key (--sample-ms=2). */
#ifndef IDLEBENCH_TOOLS_LINUX_OPTIONS_H
#define IDLEBENCH_TOOLS_LINUX_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "kernel/experiment/plan.h"
#include "kernel/options.h"
#include "kernel/sibling/placement.h"

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
};

/* Parse argv (argv[0] is the command name) into c. On a bad option: false,
 * the kernel parser's message and the option list on err. */
bool linux_options_parse(int argc, char **argv, struct linux_config *c, FILE *err);
/* The option list (for --help and errors). */
void linux_options_print(FILE *out);

#endif

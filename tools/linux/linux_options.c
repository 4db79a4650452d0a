/* `idlebench linux` options (tools/linux/linux_options.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/parse.h"
#include "core/options/option_table.h"
#include "core/sibling/idle_mode.h"
#include "tools/common/cli_options.h"
#include "tools/linux/linux_command.h"
#include "tools/linux/linux_options.h"

/* The experiment's rows, in --help order: parsed by the kernel's parser. */
enum linux_option_id {
	LOPT_CPU, LOPT_PLACEMENT, LOPT_MODES,
	LOPT_WORKLOADS, LOPT_PRESET, LOPT_REPS, LOPT_WARMUP, LOPT_SAMPLE_MS, LOPT_ORDER, LOPT_SEED,
	LOPT_SETTLE_US, LOPT_PRECISION, LOPT_BUDGET_S, LOPT_COUNT,
};

/* The kernel's row for each shared option (the rest are Linux's own). */
static const enum option_id shared[LOPT_COUNT] = {
	[LOPT_WORKLOADS] = OPTION_WORKLOADS, [LOPT_PRESET] = OPTION_PRESET, [LOPT_REPS] = OPTION_REPS,
	[LOPT_WARMUP] = OPTION_WARMUP, [LOPT_SAMPLE_MS] = OPTION_SAMPLE_MS, [LOPT_ORDER] = OPTION_ORDER,
	[LOPT_SEED] = OPTION_SEED, [LOPT_SETTLE_US] = OPTION_SETTLE_US, [LOPT_PRECISION] = OPTION_PRECISION,
	[LOPT_BUDGET_S] = OPTION_BUDGET_S,
};

static const struct option_def own[LOPT_COUNT] = {
	[LOPT_CPU] = { "cpu", OPT_UINT, "", "0..1023", 0, 1023,
	  "the measured CPU (default: the first online CPU with an online SMT sibling)", NULL },
	[LOPT_PLACEMENT] = { "placement", OPT_ENUM, "sibling", "sibling|other-core|both", 0, 0,
	  "park the measured CPU's SMT sibling, a CPU on another core (control), or both", NULL },
	[LOPT_MODES] = { "modes", OPT_TEXT, LINUX_MODES_DEFAULT, "comma list of " LINUX_MODES_DEFAULT ",busy,offline", 0, 0,
	  "cpuidle states for the parked CPU (by what they are: poll = POLL, mwait = MWAIT C1, hlt = HLT or "
	  "haltpoll, ioport = ACPI I/O-port C2, c1e/c3/c6 by name, offline = the CPU offline, busy = a pinned thread computing checked rounds: the positive control); those the "
	  "driver does not offer are skipped with the reason", idle_modes_validate_linux },
};

/* The command's own flags (getopt_long, tools/common/cli_options.h); the experiment's rows follow in --help. */
enum {
	OPT_LIST, OPT_RESTORE, OPT_OUT, OPT_OUT_DIR, OPT_SYSFS_ROOT, OPT_SYSFS_ROOT_UNDERSCORE,
	OPT_METRIC, OPT_HIGHER, OPT_TIMEOUT, OPT_NAME,
};
static const struct cli_option host_options[] = {
	[OPT_LIST] = { "list", 0, NULL,
		       "show the CPUs, the parked CPU's cpuidle states and the mode each is\n"
		       "(read-only, no root needed)" },
	[OPT_RESTORE] = { "restore", 0, NULL, "put back every sysfs value a crashed run changed (its restore file)\n"
					      "and exit" },
	[OPT_OUT] = { "out", 0, "FILE", "write the stream to FILE instead of standard output" },
	[OPT_OUT_DIR] = { "out-dir", 0, "DIR",
			  "save the stream under DIR as <vendor>-<family>h-<model>h-<product>[-<label>]-<UTC time>.csv,\n"
			  "never overwriting (the name capture gives; the path is printed on standard output)" },
	[OPT_SYSFS_ROOT] = { "sysfs-root", 0, "DIR",
			     "read /sys, /proc/cmdline and /dev/cpu under DIR\n"
			     "(tests; default: IDLEBENCH_SYSFS_ROOT, else /)" },
	[OPT_SYSFS_ROOT_UNDERSCORE] = { "sysfs_root", 0, "DIR", NULL }, /* the spelling before getopt_long */
	[OPT_METRIC] = { "metric", 0, "REGEX",
			 "with -- COMMAND: the score is the first capture group of REGEX (POSIX extended)\n"
			 "in the command's output, a number; the slowdown is on it (default: the wall time)" },
	[OPT_HIGHER] = { "higher-is-better", 0, NULL, "with --metric: the score is a rate (lps, a SPEC ratio)" },
	[OPT_TIMEOUT] = { "timeout-s", 0, "N", "with -- COMMAND: kill its process group after N seconds (a bad sample)" },
	[OPT_NAME] = { "name", 0, "NAME", "with -- COMMAND: its workload name in the stream (default " LINUX_COMMAND_NAME ")" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command linux_cli = {
	"linux", "[--KEY=VALUE ...] [-- COMMAND [ARGS...]]",
	"The experiment on this Linux system: the sibling's idle state chosen through cpuidle sysfs,\n"
	"proven per sample from its residency counters, in the kernel's result stream. With\n"
	"-- COMMAND, the command (argv as given, no shell) runs once per sample instead of the workloads.\n",
	"Exit: 0 run complete; 1 the run failed or was refused (the reason on stderr); 2 usage.\n",
	host_options, CLI_DASHDASH_ENDS_OPTIONS,
};

static struct option_def defs[LOPT_COUNT];
static const struct option_table table = { defs, LOPT_COUNT };

static void table_build(void)
{
	for (size_t i = 0; i < LOPT_COUNT; i++)
		defs[i] = shared[i] ? kernel_options.defs[shared[i]] : own[i];
}

/* key_name -> key-name: how keys are spelled as flags. */
static void dashed_key(const char *name, char *out, size_t size)
{
	size_t n = 0;
	for (const char *p = name; *p && n + 1 < size; p++)
		out[n++] = *p == '_' ? '-' : *p;
	out[n] = '\0';
}

/* The experiment's rows in --help, as the kernel's table has them. */
static void print_experiment_options(FILE *out)
{
	fprintf(out, "\nexperiment options (the kernel's rows and checks; '-' or '_' in KEY; KEY=VALUE works too):\n");
	for (size_t i = 0; i < LOPT_COUNT; i++) {
		char key[32];
		dashed_key(defs[i].name, key, sizeof key);
		if (defs[i].type == OPT_FLAG)
			fprintf(out, "  --%-12s %s\n", key, defs[i].help);
		else
			fprintf(out, "  --%s=%s  (default %s)\n      %s\n", key, defs[i].allowed,
				*defs[i].def ? defs[i].def : "none", defs[i].help);
	}
}

void linux_options_print(FILE *out)
{
	table_build();
	cli_print_help(out, &linux_cli, print_experiment_options);
}

/* Append word to the kernel's line, '-' read as '_' in its key; false when the line is full. */
static bool line_append(char *line, size_t *n, const char *word)
{
	size_t key_len = strcspn(word, "=");
	if (*n + strlen(word) + 2 > OPTIONS_CMDLINE_MAX + 1)
		return false;
	if (*n)
		line[(*n)++] = ' ';
	for (size_t k = 0; word[k]; k++)
		line[(*n)++] = k < key_len && word[k] == '-' ? '_' : word[k];
	line[*n] = '\0';
	return true;
}

static bool finish(struct linux_config *c, const char *line, size_t n, bool full, FILE *err);

static unsigned plan_number(const struct options *o, size_t id)
{
	return options_given(o, id) ? (unsigned)options_uint(o, id) : PLAN_FROM_PRESET;
}

/* --timeout-s=: whole seconds, 1 .. a day. */
static bool parse_timeout(const char *s, unsigned *v)
{
	uint64_t x;
	if (!parse_uint(s, &x) || x < 1 || x > 86400)
		return false;
	*v = (unsigned)x;
	return true;
}

/* The command's flags only with a command, and a name the stream and the
 * report can carry: no registry workload's (its rows would pool with
 * the workload's), letters, digits, '_', '-', '.'. */
static bool command_check(struct linux_config *c, const char *line)
{
	if (!c->command_argc) {
		const char *flag = c->metric ? "--metric" : c->higher_is_better ? "--higher-is-better"
					  : c->timeout_s	? "--timeout-s"
					  : c->name		? "--name" : NULL;
		if (flag) {
			cli_usage_error(&linux_cli, "%s needs a command: idlebench linux [options] -- COMMAND [ARGS...]", flag);
			return false;
		}
		return true;
	}
	if (c->higher_is_better && !c->metric) {
		cli_usage_error(&linux_cli, "--higher-is-better needs --metric=REGEX (the wall time is always lower-is-better)");
		return false;
	}
	if (strstr(line, "workloads=") || strstr(line, "preset=mechanism")) {
		cli_usage_error(&linux_cli, "-- COMMAND is timed instead of the workloads: drop --workloads/--preset=mechanism");
		return false;
	}
	regex_t re;
	char why[400];
	if (c->metric && !linux_metric_compile(&re, c->metric, why, sizeof why)) {
		cli_usage_error(&linux_cli, "%s", why);
		return false;
	}
	if (c->metric)
		regfree(&re);
	if (!c->name)
		c->name = LINUX_COMMAND_NAME;
	size_t len = strlen(c->name);
	bool ok = len >= 1 && len <= LINUX_NAME_MAX && workload_find(c->name) < 0;
	for (size_t k = 0; ok && k < len; k++)
		ok = (c->name[k] >= 'a' && c->name[k] <= 'z') || (c->name[k] >= 'A' && c->name[k] <= 'Z') ||
		     (c->name[k] >= '0' && c->name[k] <= '9') || strchr("_-.", c->name[k]);
	if (!ok) {
		cli_usage_error(&linux_cli, "--name '%s': 1..%d letters, digits, '_', '-' or '.', not a workload's name",
				c->name, LINUX_NAME_MAX);
		return false;
	}
	return true;
}

bool linux_options_parse(int argc, char **argv, struct linux_config *c, FILE *err)
{
	static char line[OPTIONS_CMDLINE_MAX + 1];
	size_t n = 0;
	static char names[LOPT_COUNT][32];
	struct cli_parser p;
	const char *arg;
	bool full = false;

	table_build();
	memset(c, 0, sizeof *c);
	line[0] = '\0';
	/* Each experiment row is a flag too (--sample-ms=2, --sample_ms 2): getopt_long
	 * hands it through and the kernel's parser checks it, so its errors are the kernel's. */
	cli_parser_begin(&p, &linux_cli, argc, argv);
	cli_parser_more_help(&p, print_experiment_options);
	for (size_t i = 0; i < LOPT_COUNT; i++) {
		dashed_key(defs[i].name, names[i], sizeof names[i]);
		cli_parser_pass_through(&p, names[i], defs[i].type != OPT_FLAG);
		if (strcmp(names[i], defs[i].name))
			cli_parser_pass_through(&p, defs[i].name, defs[i].type != OPT_FLAG);
	}
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		char word[OPTIONS_CMDLINE_MAX + 1];
		switch (a) {
		case OPT_LIST:
			c->list = true;
			break;
		case OPT_RESTORE:
			c->restore = true;
			break;
		case OPT_OUT:
		case OPT_OUT_DIR:
		case OPT_SYSFS_ROOT:
		case OPT_SYSFS_ROOT_UNDERSCORE:
			if (!*arg) {
				cli_usage_error(&linux_cli, "--%s needs %s", host_options[a].name, host_options[a].arg);
				return false;
			}
			if (a == OPT_OUT)
				c->out = arg;
			else if (a == OPT_OUT_DIR)
				c->out_dir = arg;
			else
				c->sysfs_root = arg;
			break;
		case CLI_PASSTHROUGH: /* --key=value -> key=value: the kernel's line, one word per flag */
			snprintf(word, sizeof word, "%s%s%s", cli_passed_name(&p), arg ? "=" : "", arg ? arg : "");
			full = full || !line_append(line, &n, word);
			break;
		case OPT_METRIC:
		case OPT_NAME:
			if (!*arg) {
				cli_usage_error(&linux_cli, "--%s needs %s", host_options[a].name, host_options[a].arg);
				return false;
			}
			*(a == OPT_METRIC ? &c->metric : &c->name) = arg;
			break;
		case OPT_HIGHER:
			c->higher_is_better = true;
			break;
		case OPT_TIMEOUT:
			if (!parse_timeout(arg, &c->timeout_s)) {
				cli_usage_error(&linux_cli, "--timeout-s needs whole seconds 1..86400 (got '%s')", arg);
				return false;
			}
			break;
		case CLI_OPERAND:
			if (p.options_done) { /* the first word after "--": it and the rest are the command */
				for (int k = 1; k < argc; k++)
					if (argv[k] == arg)
						c->command_argv = &argv[k], c->command_argc = argc - k;
				return command_check(c, line) && finish(c, line, n, full, err);
			}
			full = full || !line_append(line, &n, arg); /* a kernel-style key=value word */
			break;
		case CLI_HELP:
			c->help = true;
			return true;
		default:
			return false;
		}
	}
	if (p.options_done) {
		cli_usage_error(&linux_cli, "-- needs a COMMAND to run after it");
		return false;
	}
	return command_check(c, line) && finish(c, line, n, full, err);
}

/* The rest of the parse: the kernel's rows, then the configuration. */
static bool finish(struct linux_config *c, const char *line, size_t n, bool full, FILE *err)
{
	static struct options o;
	(void)n;
	if (c->out && c->out_dir) {
		cli_usage_error(&linux_cli, "--out and --out-dir exclude each other");
		return false;
	}
	if (options_parse(&o, &table, line, full) != OPTIONS_OK) {
		fprintf(err, "idlebench linux: command line error: %s: '%s' (%s) (see idlebench linux --help)\n",
			options_status_name(o.status), o.bad_token, o.reason);
		return false;
	}
	char why[200];
	c->cpu = options_given(&o, LOPT_CPU) ? (int)options_uint(&o, LOPT_CPU) : -1;
	c->placement = (enum placement)options_enum_index(&o, LOPT_PLACEMENT);
	if (idle_modes_parse_in(options_value(&o, LOPT_MODES), IDLE_IN_LINUX, &c->modes, why, sizeof why))
		c->modes = 0;
	c->modes_given = options_given(&o, LOPT_MODES);
	c->plan.preset = (enum plan_preset_id)options_enum_index(&o, LOPT_PRESET);
	c->plan.reps = plan_number(&o, LOPT_REPS);
	c->plan.warmup = plan_number(&o, LOPT_WARMUP);
	c->plan.sample_ms = plan_number(&o, LOPT_SAMPLE_MS);
	c->plan.seed = options_uint(&o, LOPT_SEED);
	c->plan.seed_given = options_given(&o, LOPT_SEED);
	c->plan.modes_given = c->modes_given;
	c->plan.workloads_given = options_given(&o, LOPT_WORKLOADS);
	c->plan.settle_us = (unsigned)options_uint(&o, LOPT_SETTLE_US);
	c->plan.budget_s = plan_number(&o, LOPT_BUDGET_S);
	uint64_t centi;
	c->plan.precision_centi = options_given(&o, LOPT_PRECISION) &&
					  parse_hundredths(options_value(&o, LOPT_PRECISION), &centi)
				  ? (unsigned)centi
				  : PLAN_FROM_PRESET;
	c->plan.order = (enum plan_order)options_enum_index(&o, LOPT_ORDER);
	if (workload_select(options_value(&o, LOPT_WORKLOADS), &c->plan.workloads, why, sizeof why) !=
	    WORKLOAD_SELECT_OK)
		memset(&c->plan.workloads, 0, sizeof c->plan.workloads);
	return true;
}

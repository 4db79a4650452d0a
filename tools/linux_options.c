/* `idlebench linux` options (tools/linux_options.h). */
#include <stdlib.h>
#include <string.h>

#include "kernel/lib/parse.h"
#include "kernel/option_table.h"
#include "kernel/sibling/idle_mode.h"
#include "tools/linux_options.h"

/* The rows, in --help order. */
enum linux_option_id {
	LOPT_HELP, LOPT_LIST, LOPT_RESTORE, LOPT_CPU, LOPT_PLACEMENT, LOPT_MODES,
	LOPT_WORKLOADS, LOPT_PRESET, LOPT_REPS, LOPT_WARMUP, LOPT_SAMPLE_MS, LOPT_ORDER, LOPT_SEED,
	LOPT_SETTLE_US, LOPT_PRECISION, LOPT_BUDGET_S, LOPT_OUT, LOPT_OUT_DIR, LOPT_SYSFS_ROOT, LOPT_COUNT,
};

/* The kernel's row for each shared option (the rest are Linux's own). */
static const enum option_id shared[LOPT_COUNT] = {
	[LOPT_WORKLOADS] = OPTION_WORKLOADS, [LOPT_PRESET] = OPTION_PRESET, [LOPT_REPS] = OPTION_REPS,
	[LOPT_WARMUP] = OPTION_WARMUP, [LOPT_SAMPLE_MS] = OPTION_SAMPLE_MS, [LOPT_ORDER] = OPTION_ORDER,
	[LOPT_SEED] = OPTION_SEED, [LOPT_SETTLE_US] = OPTION_SETTLE_US, [LOPT_PRECISION] = OPTION_PRECISION,
	[LOPT_BUDGET_S] = OPTION_BUDGET_S,
};

static const struct option_def own[LOPT_COUNT] = {
	[LOPT_HELP] = { "help", OPT_FLAG, "", "", 0, 0, "print this list", NULL },
	[LOPT_LIST] = { "list", OPT_FLAG, "", "", 0, 0,
	  "show the CPUs, the parked CPU's cpuidle states and the mode each is (read-only, no root needed)", NULL },
	[LOPT_RESTORE] = { "restore", OPT_FLAG, "", "", 0, 0,
	  "put back every sysfs value a crashed run changed (its restore file) and exit", NULL },
	[LOPT_CPU] = { "cpu", OPT_UINT, "", "0..1023", 0, 1023,
	  "the measured CPU (default: the first online CPU with an online SMT sibling)", NULL },
	[LOPT_PLACEMENT] = { "placement", OPT_ENUM, "sibling", "sibling|other-core", 0, 0,
	  "park the measured CPU's SMT sibling, or a CPU on another core (control)", NULL },
	[LOPT_MODES] = { "modes", OPT_TEXT, LINUX_MODES_DEFAULT, "comma list of " LINUX_MODES_DEFAULT ",offline", 0, 0,
	  "cpuidle states for the parked CPU (by what they are: poll = POLL, mwait = MWAIT C1, hlt = HLT or "
	  "haltpoll, ioport = ACPI I/O-port C2, c1e/c3/c6 by name, offline = the CPU offline); those the "
	  "driver does not offer are skipped with the reason", idle_modes_validate_linux },
	[LOPT_OUT] = { "out", OPT_TEXT, "", "FILE", 0, 0, "write the stream to FILE instead of standard output", NULL },
	[LOPT_OUT_DIR] = { "out_dir", OPT_TEXT, "", "DIR", 0, 0,
	  "save the stream under DIR as <vendor>-<family>h-<model>h-<product>[-<label>]-<UTC time>.csv, "
	  "never overwriting (the name capture gives; the path is printed on standard output)", NULL },
	[LOPT_SYSFS_ROOT] = { "sysfs_root", OPT_TEXT, "", "DIR", 0, 0,
	  "read /sys, /proc/cmdline and /dev/cpu under DIR (tests; default: IDLEBENCH_SYSFS_ROOT, else /)", NULL },
};

static struct option_def defs[LOPT_COUNT];
static const struct option_table table = { defs, LOPT_COUNT };

static void table_build(void)
{
	for (size_t i = 0; i < LOPT_COUNT; i++)
		defs[i] = shared[i] ? kernel_options.defs[shared[i]] : own[i];
}

void linux_options_print(FILE *out)
{
	table_build();
	fprintf(out, "usage: idlebench linux [--key=value ...]   (the kernel's names; '-' or '_' in keys)\n");
	for (size_t i = 0; i < LOPT_COUNT; i++) {
		char key[32];
		size_t n = 0;
		for (const char *p = defs[i].name; *p && n + 1 < sizeof key; p++)
			key[n++] = *p == '_' ? '-' : *p;
		key[n] = '\0';
		if (defs[i].type == OPT_FLAG)
			fprintf(out, "  --%-12s %s\n", key, defs[i].help);
		else
			fprintf(out, "  --%s=%s  (default %s)\n      %s\n", key, defs[i].allowed,
				*defs[i].def ? defs[i].def : "none", defs[i].help);
	}
}

static unsigned plan_number(const struct options *o, size_t id)
{
	return options_given(o, id) ? (unsigned)options_uint(o, id) : PLAN_FROM_PRESET;
}

bool linux_options_parse(int argc, char **argv, struct linux_config *c, FILE *err)
{
	static struct options o;
	char line[OPTIONS_CMDLINE_MAX + 1] = "";
	size_t n = 0;

	table_build();
	memset(c, 0, sizeof *c);
	/* --key-name=value -> key_name=value: the kernel's line, one word per argument. */
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h"))
			a = "--help";
		if (a[0] == '-' && a[1] == '-')
			a += 2;
		size_t key_len = strcspn(a, "=");
		if (n + strlen(a) + 2 > sizeof line) {
			n = sizeof line; /* over-long: the parser reports it */
			break;
		}
		if (n)
			line[n++] = ' ';
		for (size_t k = 0; a[k]; k++)
			line[n++] = k < key_len && a[k] == '-' ? '_' : a[k];
		line[n] = '\0';
	}
	if (options_parse(&o, &table, line, n >= sizeof line) != OPTIONS_OK) {
		fprintf(err, "idlebench linux: command line error: %s: '%s' (%s)\n", options_status_name(o.status),
			o.bad_token, o.reason);
		linux_options_print(err);
		return false;
	}
	char why[200];
	c->help = options_given(&o, LOPT_HELP);
	c->list = options_given(&o, LOPT_LIST);
	c->restore = options_given(&o, LOPT_RESTORE);
	c->cpu = options_given(&o, LOPT_CPU) ? (int)options_uint(&o, LOPT_CPU) : -1;
	c->placement = (enum placement)options_enum_index(&o, LOPT_PLACEMENT);
	if (idle_modes_parse_in(options_value(&o, LOPT_MODES), IDLE_IN_LINUX, &c->modes, why, sizeof why))
		c->modes = 0;
	c->modes_given = options_given(&o, LOPT_MODES);
	c->out = options_given(&o, LOPT_OUT) ? options_value(&o, LOPT_OUT) : NULL;
	c->out_dir = options_given(&o, LOPT_OUT_DIR) ? options_value(&o, LOPT_OUT_DIR) : NULL;
	if (c->out && c->out_dir) {
		fprintf(err, "idlebench linux: --out and --out-dir exclude each other\n");
		return false;
	}
	c->sysfs_root = options_given(&o, LOPT_SYSFS_ROOT) ? options_value(&o, LOPT_SYSFS_ROOT) : NULL;
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

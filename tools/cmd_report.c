/* `idlebench report FILE… [--png OUT.png] [--seed N]`: verify result files,
 * pool the runs of each machine, print the workload × mode table and the class
 * geomeans beside the seed's figures, and optionally draw the chart.
 *
 * Exit status: 0 table printed (and the PNG written when asked, or gnuplot
 * missing: the table is the report, the chart an extra, so a machine without
 * gnuplot still gets its answer; stderr says why there is no PNG); 1 a file
 * was rejected (nothing printed but the reasons), or the chart was asked for
 * and gnuplot failed, wrote no PNG, or there was nothing to plot; 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/report_png.h"
#include "tools/report_pool.h"
#include "tools/report_summary.h"
#include "tools/report_table.h"

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "idlebench report: %s%s%s (idlebench report --help)\n", what, arg ? " " : "", arg ? arg : "");
	return 2;
}

static void print_help(void)
{
	printf("usage: idlebench report [--png OUT.png] [--seed N] FILE...\n"
	       "Verifies each result stream (as `idlebench check`), pools the runs of one machine\n"
	       "(same cpu_vendor, cpu_family, cpu_model, smbios_product and placement) by\n"
	       "repetition, and prints one block per machine, recomputed from the rows:\n"
	       "per workload and mode n, median cycles/iteration, slowdown vs hlt in %% with its\n"
	       "95%% bootstrap interval (%d replicates), median effective MHz, median sibling C0 %%\n"
	       "(\"-\" = not measured) and the rows with check=bad (excluded); then the int and fp\n"
	       "geometric means per mode beside the seed's figures (Hygon 18h, MWAIT-C1 vs HLT:\n"
	       "UnixBench single-core %s %%, SPEC CPU2017 intrate %s %%, fprate %s %%).\n"
	       "Runs without hlt (e.g. `idlebench bench`, mode=host) get no slowdown columns.\n"
	       "\n"
	       "  --png OUT.png  also draw slowdown vs hlt per workload and mode with interval\n"
	       "                 whiskers through gnuplot (Debian package gnuplot-nox). Without\n"
	       "                 gnuplot the table is still printed, stderr says so, exit 0.\n"
	       "  --seed N       bootstrap seed (default %d, the kernel's default seed=, so one\n"
	       "                 default run reproduces its own summary records)\n"
	       "\n"
	       "Exit: 0 report printed; 1 a file rejected (one line per file), or gnuplot failed;\n"
	       "2 usage.\n",
	       STATS_BOOTSTRAP, REPORT_SEED_UNIXBENCH, REPORT_SEED_INTRATE, REPORT_SEED_FPRATE, REPORT_DEFAULT_SEED);
}

static bool parse_seed(const char *s, uint64_t *seed)
{
	if (*s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	*seed = v;
	return !*end && errno == 0;
}

int cmd_report(int argc, char **argv)
{
	const char *png = NULL;
	uint64_t seed = REPORT_DEFAULT_SEED;
	const char **files = calloc((size_t)argc, sizeof *files);
	size_t nfiles = 0;
	if (!files) {
		fprintf(stderr, "idlebench report: out of memory\n");
		return 1;
	}
	bool options_done = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (options_done || a[0] != '-' || !strcmp(a, "-")) {
			files[nfiles++] = a;
		} else if (!strcmp(a, "--")) {
			options_done = true;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			print_help();
			free(files);
			return 0;
		} else if (!strcmp(a, "--png") || !strncmp(a, "--png=", 6)) {
			png = a[5] == '=' ? a + 6 : (i + 1 < argc ? argv[++i] : NULL);
			if (!png || !*png) {
				free(files);
				return usage_error("--png needs an output file name", NULL);
			}
		} else if (!strcmp(a, "--seed") || !strncmp(a, "--seed=", 7)) {
			const char *v = a[6] == '=' ? a + 7 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v || !parse_seed(v, &seed)) {
				free(files);
				return usage_error("--seed needs an unsigned number, got", v ? v : "nothing");
			}
		} else {
			free(files);
			return usage_error("unknown option", a);
		}
	}
	if (!nfiles) {
		free(files);
		return usage_error("no result file given", NULL);
	}

	/* Every file is verified before anything is printed: a report never mixes
	 * a table with a rejected input. */
	struct report_pool pool = { .machine_count = 0 };
	bool all_ok = true;
	for (size_t i = 0; i < nfiles; i++) {
		char err[1024];
		if (!strcmp(files[i], "-")) {
			fprintf(stderr, "-: report reads files, not stdin (save the stream with idlebench capture)\n");
			all_ok = false;
		} else if (!report_pool_add_file(&pool, files[i], err, sizeof err)) {
			fprintf(stderr, "%s\n", err);
			all_ok = false;
		}
	}
	free(files);
	if (!all_ok) {
		report_pool_free(&pool);
		return 1;
	}

	struct report_summary *sums[REPORT_MAX_MACHINES] = { NULL };
	int status = 0;
	for (size_t i = 0; i < pool.machine_count && !status; i++) {
		sums[i] = malloc(sizeof *sums[i]);
		if (!sums[i] || !report_summarize(pool.machine[i], seed, sums[i])) {
			fprintf(stderr, "idlebench report: out of memory\n");
			status = 1;
		}
	}
	for (size_t i = 0; i < pool.machine_count && !status; i++) {
		if (i)
			printf("\n");
		report_table_print(stdout, pool.machine[i], sums[i], i + 1, pool.machine_count);
	}
	fflush(stdout);
	if (png && !status) {
		enum report_png_result r = report_png_write(png, (const struct report_machine *const *)pool.machine,
							    (const struct report_summary *const *)sums,
							    pool.machine_count);
		if (r == REPORT_PNG_OK) {
			printf("\nchart: %s\n", png);
		} else {
			fprintf(stderr, "idlebench report: %s: no PNG written\n", report_png_result_text(r));
			status = r == REPORT_PNG_NO_GNUPLOT ? 0 : 1;
		}
	}
	for (size_t i = 0; i < pool.machine_count; i++)
		free(sums[i]);
	report_pool_free(&pool);
	return status;
}

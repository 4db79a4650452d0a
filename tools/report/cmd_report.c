/* `idlebench report FILE… [--format=text|commit] [--png OUT.png] [--html OUT.html]
 * [--firmware-s S]` and `report --by=machine|model PATH… [--html OUT.html]`
 * (the fleet view, tools/report/report_fleet.h): verify result
 * files (one per boot), group them into comparable sets, analyse each boot
 * and combine the boots of a set, print one block per set, and optionally
 * draw the chart. `--format=commit` prints, instead of the blocks, one
 * paragraph per set for a patch's changelog (tools/report/report_commit.h).
 *
 * Exit status: 0 table printed (and the PNG written when asked, or gnuplot
 * missing: the table is the report, the chart an extra, so a machine without
 * gnuplot still gets its answer; stderr says why there is no PNG); 1 a file
 * was not used (named on stderr with the reason; the others are still
 * reported, as every command that reads result files does, docs/cli.md),
 * no file was taken, or the chart was asked for and gnuplot failed, wrote
 * no PNG, or there was nothing to plot; 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/report/report_commit.h"
#include "tools/report/report_fleet.h"
#include "tools/report/report_html.h"
#include "tools/report/report_png.h"
#include "tools/report/report_pool.h"
#include "tools/report/report_summary.h"
#include "tools/report/report_table.h"
#include "tools/common/result_tree.h"

enum { OPT_PNG, OPT_HTML, OPT_FIRMWARE_S, OPT_FORMAT, OPT_BY, OPT_WIDE };
static const struct cli_option options[] = {
	[OPT_PNG] = { "png", 0, "OUT.png",
		      "also draw slowdown vs hlt per workload and mode with interval\n"
		      "whiskers through gnuplot (Debian package gnuplot-nox). Without\n"
		      "gnuplot the table is still printed, stderr says so, exit 0." },
	[OPT_HTML] = { "html", 0, "OUT.html",
		       "also write the report as one self-contained page (inline CSS and\n"
		       "SVG, no script, no network): primary result, controls and flags,\n"
		       "slowdown whiskers, samples over time, wake latency, probes, metadata" },
	[OPT_FIRMWARE_S] = { "firmware-s", 0, "SECONDS",
			     "time per boot the stream cannot see, for planning (default " CLI_TEXT(
				     REPORT_DEFAULT_FIRMWARE_S) "):\n"
			     "setup_s counts from the TSC's reset (firmware included); add the\n"
			     "way from one run's end to the next reset (reboot, power cycle)" },
	[OPT_FORMAT] = { "format", 0, "text|commit",
			 "what is printed: text (default) the report's blocks; commit one\n"
			 "plain-text paragraph per set for a patch's changelog: CPU, threads/core,\n"
			 "driver and kernel, the primary result with its interval, samples per\n"
			 "state, boots, residency proof, A/A, and every caveat (one boot,\n"
			 "hypervisor, topology, failed control, no interval, mode not measured)" },
	[OPT_BY] = { "by", 0, "machine|model",
		     "the fleet view: operands are files and directories (searched\n"
		     "recursively for *.csv; each file not used is named on stderr with\n"
		     "its reason: unreadable, INCOMPLETE, another schema, not a stream,\n"
		     "duplicate). machine: one row per machine_id with its boots' int and\n"
		     "fp primary result (boots-t), controls and flags, sorted by effect\n"
		     "(its size, either sign), * where a result excludes 0 after Holm\n"
		     "across the machines; model: one\n"
		     "row per CPU vendor/family/model and microcode, a t interval over its\n"
		     "machines' estimates (random effects). With --html, not\n"
		     "--png/--format/--firmware-s" },
	[OPT_WIDE] = { "wide", 0, NULL,
		       "the text report without its 100-column limit: full paths, every\n"
		       "column of the per-workload table (eff MHz, the sibling's C0 % and\n"
		       "wake-ups per ms, check=bad, notes), no wrapping" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command report_cli = {
	"report", "FILE|DIR...",
	"Verifies each result stream (as `idlebench check`); each file is one boot. Files with\n"
	"the same plan_id, machine_id and placement form one set (schema 1 files, which have\n"
	"no plan_id: the same cpu_vendor, cpu_family, cpu_model, smbios_product, placement)\n"
	"and the same boost, c2_kind and amd_cstate_cfg (a file without one of these keys\n"
	"pools only with files without it); other sets are shown side by side with the\n"
	"reason they were not pooled.\n"
	"Per set, recomputed from the rows with the kernel's own analysis (stats/analysis.c):\n"
	"each boot's paired log-ratio slowdowns against hlt (blocks = repetitions), then a t\n"
	"interval over the boots' estimates (one boot: within this boot only). It prints the\n"
	"primary result (int and fp geomeans of mwait vs hlt) beside the seed's figures (Hygon\n"
	"18h, MWAIT-C1 vs HLT: SPEC CPU2017 intrate " ANALYSIS_SEED_INTRATE " %, fprate " ANALYSIS_SEED_FPRATE
	" %, UnixBench single-core\n"
	ANALYSIS_SEED_UNIXBENCH " %), the controls (A/A hlt2 must cover 0, spike must cover +1 %; judged over\n"
	"the pool and in each boot: a set with a failed one, or with a boot that failed one, is\n"
	"flagged UNTRUSTWORTHY at its top; an interval too wide to fail is uninformative, never a\n"
	"pass), per workload and mode the slowdown with its 95% interval,\n"
	"Holm-adjusted p and minimum detectable effect, class geomeans, the variance components\n"
	"and the repetitions and boots a +-1 % answer needs (>= 2 boots), and per boot the\n"
	"carry-over and mode-switch checks. Runs without hlt (`idlebench bench`) get no\n"
	"slowdown columns.\n"
	"slowdown: positive = slower than hlt; \"faster\"/\"slower\" only where the interval excludes 0.\n"
	"The text keeps to 100 columns (file basenames, long lines wrapped); --wide lifts that.\n",
	"A DIR operand is searched for *.csv recursively. A file that cannot be used (unreadable,\n"
	"INCOMPLETE, another schema, not a stream, the same boot twice, a row report refuses) is\n"
	"named once on stderr, `PATH: skipped, REASON`, and the others are reported.\n"
	"Exit: 0 report printed from every file given; 1 a file not used (the others still\n"
	"reported), no file taken, gnuplot failed, the page could not be written, or\n"
	"(--format=commit) a file no longer reads as it did; 2 usage. The same with --by.\n",
	options, CLI_DASHDASH_ENDS_OPTIONS,
};

/* A non-negative decimal number of seconds. */
static bool parse_seconds(const char *s, double *v)
{
	if (*s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	return !*end && errno == 0 && *v >= 0 && *v < 1e9;
}

/* A verified stream into the pool; a file whose rows report refuses is named here. */
static enum result_tree_verdict pool_take(const char *path, struct stream_reader *r, void *ctx)
{
	char err[1024];
	if (report_pool_add_stream(ctx, path, r, err, sizeof err))
		return RESULT_TREE_TAKEN;
	size_t at = strlen(path) + 2; /* report_pool's messages start "PATH: " */
	fprintf(stderr, "%s%s: skipped, %s\n", result_tree_prefix(), path, strncmp(err, path, at - 2) || strlen(err) < at ? err : err + at);
	return RESULT_TREE_REFUSED;
}

/* `--by=machine|model PATH…`: the fleet view (tools/report/report_fleet.h). */
static int report_fleet(char **paths, int n, bool by_model, const char *html)
{
	struct fleet f = { .machine = NULL };
	int taken = fleet_read(&f, paths, n, stderr);
	int status = 0;
	if (taken == 0) {
		fprintf(stderr, "idlebench report: no result file taken from the paths given\n");
		status = 1;
	} else if (taken < 0 || !fleet_summarize(&f)) {
		fprintf(stderr, "idlebench report: out of memory\n");
		status = 1;
	}
	if (!status) {
		fleet_print(stdout, &f, by_model);
		fflush(stdout);
	}
	char err[1024];
	if (!status && html) {
		if (fleet_html_write(html, &f, by_model, err, sizeof err)) {
			printf("\npage: %s\n", html);
		} else {
			fprintf(stderr, "idlebench report: %s: no HTML written\n", err);
			status = 1;
		}
	}
	/* a file not used makes it 1, as in report FILE…, compare, export and check */
	if (!status && f.skipped)
		status = 1;
	fleet_free(&f);
	return status;
}

int cmd_report(int argc, char **argv)
{
	const char *png = NULL, *html = NULL;
	bool commit = false, format_given = false, firmware_given = false, wide = false;
	int by = -1; /* -1 no fleet view, 0 by machine, 1 by model */
	double firmware_s = REPORT_DEFAULT_FIRMWARE_S;
	const char **files = calloc((size_t)argc, sizeof *files);
	size_t nfiles = 0;
	if (!files) {
		fprintf(stderr, "idlebench report: out of memory\n");
		return 1;
	}
	struct cli_parser p;
	const char *arg;
	result_tree_set_command("report");
	cli_parser_begin(&p, &report_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		int status = -1;
		switch (a) {
		case CLI_OPERAND:
			files[nfiles++] = arg;
			break;
		case OPT_PNG:
			png = arg;
			if (!*png)
				status = cli_usage_error(&report_cli, "--png needs an output file name");
			break;
		case OPT_HTML:
			html = arg;
			if (!*html)
				status = cli_usage_error(&report_cli, "--html needs an output file name");
			break;
		case OPT_BY:
			if (!strcmp(arg, "machine") || !strcmp(arg, "model"))
				by = !strcmp(arg, "model");
			else
				status = cli_usage_error(&report_cli, "--by must be machine or model, got '%s'", arg);
			break;
		case OPT_FORMAT:
			format_given = true;
			if (!strcmp(arg, "commit"))
				commit = true;
			else if (!strcmp(arg, "text"))
				commit = false;
			else
				status = cli_usage_error(&report_cli, "--format must be text or commit, got '%s' (the page is "
								      "--html OUT.html)", arg);
			break;
		case OPT_WIDE:
			wide = true;
			break;
		case OPT_FIRMWARE_S:
			firmware_given = true;
			if (!parse_seconds(arg, &firmware_s))
				status = cli_usage_error(&report_cli, "--firmware-s needs a number of seconds, got '%s'", arg);
			break;
		default:
			status = cli_exit_status(a);
		}
		if (status >= 0) {
			free(files);
			return status;
		}
	}
	if (!nfiles) {
		free(files);
		return cli_usage_error(&report_cli, by >= 0 ? "no file or directory given" : "no result file given");
	}
	if (commit && wide) {
		free(files);
		return cli_usage_error(&report_cli, "--wide widens the text report; --format=commit is wrapped at %d columns",
				       REPORT_COMMIT_WIDTH);
	}
	if (by >= 0) {
		/* --firmware-s only feeds the planning lines (boots to a target
		 * interval), which the fleet view does not print: refused, not ignored. */
		int status = png || format_given || firmware_given || wide
				     ? cli_usage_error(&report_cli, "--by takes --html, not %s",
						       png ? "--png" : format_given ? "--format" : firmware_given ? "--firmware-s" : "--wide")
				     : report_fleet((char **)files, (int)nfiles, by == 1, html);
		free(files);
		return status;
	}

	/* Every file is verified before anything is printed. The operands are
	 * read as a result tree (tools/common/result_tree.h, the walker --by and
	 * export use): a directory is searched for *.csv, and each file not
	 * used (unreadable, INCOMPLETE, another schema, not a stream, the same
	 * boot twice, a row report refuses) is named once on stderr with the
	 * reason; the rest is reported, and the exit status is 1. */
	struct report_pool pool = { .set_count = 0 };
	size_t skipped = 0;
	int taken = result_tree_walk_counted((char *const *)files, (int)nfiles, pool_take, &pool, stderr, &skipped);
	free(files);
	if (taken <= 0) {
		if (!taken)
			fprintf(stderr, "idlebench report: no result file taken from the paths given\n");
		report_pool_free(&pool);
		return 1;
	}

	struct report_summary *sums[REPORT_MAX_SETS] = { NULL };
	int status = 0;
	for (size_t i = 0; i < pool.set_count && !status; i++) {
		sums[i] = malloc(sizeof *sums[i]);
		if (!sums[i] || !report_summarize(pool.set[i], firmware_s, sums[i])) {
			free(sums[i]);
			sums[i] = NULL;
			fprintf(stderr, "idlebench report: out of memory\n");
			status = 1;
		}
	}
	if (commit && !status) {
		char err[1024];
		if (!report_commit_print(stdout, &pool, (const struct report_summary *const *)sums, err, sizeof err)) {
			fprintf(stderr, "idlebench report: %s\n", err);
			status = 1;
		}
	}
	if (!status && !commit)
		report_table_print_head(stdout, &pool);
	for (size_t i = 0; i < pool.set_count && !status && !commit; i++) {
		if (i)
			printf("\n");
		report_table_print(stdout, &pool, (const struct report_summary *const *)sums, i, wide);
	}
	if (!status && !commit)
		report_table_print_tail(stdout, &pool, (const struct report_summary *const *)sums, wide);
	fflush(stdout);
	/* With --format=commit stdout is the paragraph alone, ready to paste: the
	 * chart's and page's names go to stderr. */
	FILE *notice = commit ? stderr : stdout;
	if (png && !status) {
		enum report_png_result r = report_png_write(png, &pool, (const struct report_summary *const *)sums);
		if (r == REPORT_PNG_OK) {
			fprintf(notice, "\nchart: %s\n", png);
		} else {
			fprintf(stderr, "idlebench report: %s: no PNG written\n", report_png_result_text(r));
			status = r == REPORT_PNG_NO_GNUPLOT ? 0 : 1;
		}
	}
	if (html && !status) {
		char err[1024];
		if (report_html_write(html, &pool, (const struct report_summary *const *)sums, err, sizeof err)) {
			fprintf(notice, "\npage: %s\n", html);
		} else {
			fprintf(stderr, "idlebench report: %s: no HTML written\n", err);
			status = 1;
		}
	}
	for (size_t i = 0; i < pool.set_count; i++) {
		if (sums[i])
			report_summary_free(sums[i]);
		free(sums[i]);
	}
	report_pool_free(&pool);
	return status ? status : skipped ? 1 : 0;
}

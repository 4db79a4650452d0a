/* gnuplot driver for the report chart (see report_png.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/report/report_png.h"

/* PNG file signature (PNG specification, 3rd ed., section 5.2). */
static const unsigned char png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* Panel height per set, pixels. */
#define PANEL_HEIGHT 480

const char *report_png_result_text(enum report_png_result r)
{
	switch (r) {
	case REPORT_PNG_OK: return "ok";
	case REPORT_PNG_NO_GNUPLOT: return "gnuplot not found on PATH (Debian package gnuplot-nox)";
	case REPORT_PNG_NOTHING_TO_PLOT: return "nothing to plot: no run has hlt samples to compare against";
	case REPORT_PNG_TEMP: return "cannot write gnuplot's data and script to a temporary directory";
	case REPORT_PNG_GNUPLOT_FAILED: return "gnuplot exited with an error";
	case REPORT_PNG_NOT_PNG: return "gnuplot's output is not a PNG file";
	case REPORT_PNG_WRITE: return "cannot write the PNG file";
	}
	return "unknown result";
}

/* True when an executable called name is in a directory of $PATH (what execvp would find). */
static bool find_on_path(const char *name)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		return false;
	char dir[4096];
	while (*path) {
		size_t len = strcspn(path, ":");
		/* An empty PATH entry means the current directory (POSIX XBD 8.3). */
		int n = len ? snprintf(dir, sizeof dir, "%.*s/%s", (int)len, path, name)
			    : snprintf(dir, sizeof dir, "./%s", name);
		if (n > 0 && (size_t)n < sizeof dir && access(dir, X_OK) == 0)
			return true;
		path += len;
		if (*path == ':')
			path++;
	}
	return false;
}

/* Modes a set's panel shows: measured, not hlt, with at least one slowdown. */
static bool mode_plotted(const struct report_set *set, const struct report_summary *s, size_t md)
{
	if (!set->mode_used[md] || md == REPORT_MODE_HLT)
		return false;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
		if (set->workload_used[w] && s->set->cell[w][md].have)
			return true;
	return false;
}

/* value lo hi; without an interval the whisker collapses onto the value. */
static void put_estimate(FILE *f, const struct analysis_cell *c)
{
	if (!c->have || c->s.status == STATS_NO_DATA)
		fprintf(f, " NaN NaN NaN");
	else if (c->s.status != STATS_INTERVAL)
		fprintf(f, " %.4f %.4f %.4f", c->s.value_pct, c->s.value_pct, c->s.value_pct);
	else
		fprintf(f, " %.4f %.4f %.4f", c->s.value_pct, c->s.lo_pct, c->s.hi_pct);
}

/* One line per workload, then one per class geomean: label, then per plotted mode value lo hi. */
static bool write_data(const char *path, const struct report_set *set, const struct report_summary *s)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++) {
		if (!set->workload_used[w])
			continue;
		fprintf(f, "\"%s\"", set->workload_name[w]);
		for (size_t md = 0; md < REPORT_MODE_SLOTS; md++)
			if (mode_plotted(set, s, md))
				put_estimate(f, &s->set->cell[w][md]);
		fprintf(f, "\n");
	}
	for (size_t k = 0; k < ANALYSIS_CLASS_COUNT; k++) {
		bool any = false;
		for (size_t md = 0; md < REPORT_MODE_SLOTS; md++)
			any = any || (mode_plotted(set, s, md) && s->set->cls[k][md].have);
		if (!any)
			continue;
		fprintf(f, "\"%s geomean\"", analysis_class_name((enum analysis_class)k));
		for (size_t md = 0; md < REPORT_MODE_SLOTS; md++)
			if (mode_plotted(set, s, md))
				put_estimate(f, &s->set->cls[k][md]);
		fprintf(f, "\n");
	}
	return fclose(f) == 0;
}

/* A gnuplot single-quoted string: no escapes, a ' is written ''. */
static void put_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static bool write_script(const char *path, const char *dir, const char *png, const struct report_pool *pool,
			 const struct report_summary *const *s, size_t panels)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	/* gnuplot-nox builds have pngcairo; the libgd png terminal is the fallback. */
	fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
		   "  set terminal pngcairo noenhanced size 1280,%zu font ',10'\n"
		   "} else {\n"
		   "  set terminal png noenhanced size 1280,%zu\n"
		   "}\n",
		PANEL_HEIGHT * panels, PANEL_HEIGHT * panels);
	fprintf(f, "set output ");
	put_quoted(f, png);
	fprintf(f, "\nset style data histograms\n"
		   "set style histogram errorbars gap 1 lw 1\n"
		   "set style fill solid 0.7 border -1\n"
		   "set ylabel 'slowdown vs hlt, %% (whiskers: 95%% t interval)'\n"
		   "set xtics rotate by -40 scale 0\n"
		   "set xzeroaxis lt -1\n"
		   "set grid ytics\n"
		   "set yrange [*<0:0<*]\n" /* bars start at 0 even when all slowdowns are positive */
		   "set key outside right top\n"
		   "set multiplot layout %zu,1\n",
		panels);
	size_t panel = 0;
	for (size_t i = 0; i < pool->set_count; i++) {
		if (!s[i]->have_baseline)
			continue;
		const struct report_set *set = pool->set[i];
		char id[512], title[700];
		report_set_identity(set, id, sizeof id);
		snprintf(title, sizeof title, "set %zu: %s (%s)%s", i + 1, id,
			 s[i]->boots > 1 ? "t over the boots" : "one boot: within this boot only",
			 report_untrustworthy(s[i]) ? " UNTRUSTWORTHY: a control failed" : "");
		fprintf(f, "set title ");
		put_quoted(f, title);
		fprintf(f, "\nplot ");
		size_t col = 2;
		for (size_t md = 0; md < REPORT_MODE_SLOTS; md++) {
			if (!mode_plotted(set, s[i], md))
				continue;
			if (col == 2) {
				char data[4200];
				snprintf(data, sizeof data, "%s/set%zu.dat", dir, panel);
				put_quoted(f, data);
				fprintf(f, " using 2:3:4:xtic(1)");
			} else
				fprintf(f, ", '' using %zu:%zu:%zu", col, col + 1, col + 2);
			fprintf(f, " title ");
			put_quoted(f, set->mode_name[md]);
			col += 3;
		}
		fprintf(f, "\n");
		panel++;
	}
	fprintf(f, "unset multiplot\nunset output\n");
	return fclose(f) == 0;
}

/* Run `gnuplot script` with stdout discarded (its errors reach our stderr). */
static bool run_gnuplot(const char *script)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Check the signature of src and copy it to dst. */
static enum report_png_result copy_png(const char *src, const char *dst)
{
	FILE *in = fopen(src, "rb");
	if (!in)
		return REPORT_PNG_NOT_PNG;
	unsigned char buf[65536];
	size_t n = fread(buf, 1, sizeof buf, in);
	if (n < sizeof png_signature || memcmp(buf, png_signature, sizeof png_signature)) {
		fclose(in);
		return REPORT_PNG_NOT_PNG;
	}
	FILE *out = fopen(dst, "wb");
	bool ok = out != NULL;
	while (ok && n > 0) {
		ok = fwrite(buf, 1, n, out) == n;
		n = fread(buf, 1, sizeof buf, in);
	}
	ok = ok && !ferror(in);
	fclose(in);
	if (out && fclose(out) != 0)
		ok = false;
	return ok ? REPORT_PNG_OK : REPORT_PNG_WRITE;
}

enum report_png_result report_png_write(const char *out_path, const struct report_pool *pool,
					const struct report_summary *const *s)
{
	size_t panels = 0;
	for (size_t i = 0; i < pool->set_count; i++)
		panels += s[i]->have_baseline;
	if (!panels)
		return REPORT_PNG_NOTHING_TO_PLOT;
	if (!find_on_path("gnuplot"))
		return REPORT_PNG_NO_GNUPLOT;

	const char *tmp = getenv("TMPDIR");
	char dir[4096], script[4200], png[4200], data[REPORT_MAX_SETS][4200];
	snprintf(dir, sizeof dir, "%s/idlebench-report.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return REPORT_PNG_TEMP;
	snprintf(script, sizeof script, "%s/chart.gp", dir);
	snprintf(png, sizeof png, "%s/chart.png", dir);

	enum report_png_result r = REPORT_PNG_OK;
	size_t panel = 0;
	for (size_t i = 0; i < pool->set_count && r == REPORT_PNG_OK; i++) {
		if (!s[i]->have_baseline)
			continue;
		snprintf(data[panel], sizeof data[panel], "%s/set%zu.dat", dir, panel);
		if (!write_data(data[panel], pool->set[i], s[i]))
			r = REPORT_PNG_TEMP;
		panel++;
	}
	if (r == REPORT_PNG_OK && !write_script(script, dir, png, pool, s, panels))
		r = REPORT_PNG_TEMP;
	if (r == REPORT_PNG_OK && !run_gnuplot(script))
		r = REPORT_PNG_GNUPLOT_FAILED;
	if (r == REPORT_PNG_OK)
		r = copy_png(png, out_path);

	for (size_t i = 0; i < panel; i++)
		unlink(data[i]);
	unlink(script);
	unlink(png);
	rmdir(dir);
	return r;
}

/* Inline SVG charts of the HTML report (see report_html_charts.h). */
#include <math.h>
#include <stdlib.h>

#include "lib/fmt.h"
#include "tools/report/report_html_charts.h"
#include "tools/report/report_html_escape.h"

/* Layout of a chart, in SVG user units (= CSS px at 100 %). */
#define CHART_LABEL_W 190   /* row labels left of the plot */
#define CHART_PLOT_W 480
#define CHART_RIGHT_W 110   /* the estimate's text right of the plot */
#define CHART_ROW_H 15
#define CHART_AXIS_H 28
#define SAMPLES_H 200

/* One palette entry per mode slot; hlt is grey, the controls muted. */
static const char *const palette[REPORT_MODE_SLOTS] = {
	[IDLE_HLT] = "#6b7280",	  [IDLE_MWAIT] = "#d62728", [IDLE_IOPORT] = "#9467bd", [IDLE_SPIN] = "#ff7f0e",
	[IDLE_OFF] = "#1f77b4",	  [IDLE_HLT2] = "#2ca02c",  [IDLE_SPIKE] = "#17becf", [IDLE_BUSY] = "#a05195",
	[IDLE_MODE_COUNT] = "#8c564b",
	[IDLE_MODE_COUNT + 1] = "#e377c2", [IDLE_MODE_COUNT + 2] = "#bcbd22",
};

const char *report_html_mode_color(size_t mode_slot)
{
	return mode_slot < REPORT_MODE_SLOTS && palette[mode_slot] ? palette[mode_slot] : "#000000";
}

/* A linear axis from lo to hi mapped onto [x0, x0 + w]. */
struct axis {
	double lo, hi, x0, w;
};

static double axis_at(const struct axis *a, double v)
{
	return a->x0 + (v - a->lo) / (a->hi - a->lo) * a->w;
}

/* A round tick step giving about five ticks over span. */
static double tick_step(double span)
{
	double raw = span / 5, p = pow(10, floor(log10(raw))), f = raw / p;
	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

/* Widen [lo, hi] to contain 0 and pad it by 5 % each side. */
static void axis_domain(struct axis *a, double lo, double hi)
{
	if (!(lo <= hi)) {
		lo = -1;
		hi = 1;
	}
	lo = fmin(lo, 0);
	hi = fmax(hi, 0);
	double pad = (hi - lo) * 0.05;
	if (pad == 0)
		pad = 1;
	a->lo = lo - pad;
	a->hi = hi + pad;
}

/* Vertical grid lines with labels at round values, the zero line darker. */
static void grid_vertical(FILE *out, const struct axis *a, double y0, double y1, const char *unit)
{
	double step = tick_step(a->hi - a->lo);
	for (double v = ceil(a->lo / step) * step; v <= a->hi; v += step) {
		double x = axis_at(a, v);
		char t[32];
		fmt_fixed(t, sizeof t, fabs(v) < step / 1e6 ? 0 : v, step < 1 ? 1 : 0);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>"
			     "<text x=\"%.1f\" y=\"%.1f\" class=\"tick\" text-anchor=\"middle\">%s%s</text>\n",
			x, y0, x, y1, fabs(v) < step / 1e6 ? "zero" : "grid", x, y1 + 12, t, unit);
	}
}

/* One estimate row: label, whisker, dot, value text; a <title> tooltip. */
static void slowdown_row(FILE *out, const struct axis *a, double y, const char *label, const char *mode, size_t m,
			 const struct stats_slowdown *e, bool flagged)
{
	char v[32], lo[32], hi[32];
	const char *color = report_html_mode_color(m);
	fmt_fixed(v, sizeof v, e->value_pct, 2);
	fprintf(out, "<g><title>");
	report_html_escape(out, label);
	fprintf(out, " ");
	report_html_escape(out, mode);
	fprintf(out, ": %s %%", v);
	if (e->status == STATS_INTERVAL) {
		fmt_fixed(lo, sizeof lo, e->lo_pct, 2);
		fmt_fixed(hi, sizeof hi, e->hi_pct, 2);
		fprintf(out, " [%s, %s]", lo, hi);
	}
	fprintf(out, "</title><text x=\"%d\" y=\"%.1f\" class=\"label\" text-anchor=\"end\">", CHART_LABEL_W - 8, y + 4);
	report_html_escape(out, label);
	fprintf(out, " <tspan fill=\"%s\">", color);
	report_html_escape(out, mode);
	fprintf(out, "</tspan></text>");
	double x = axis_at(a, e->value_pct);
	if (e->status == STATS_INTERVAL) {
		double x0 = axis_at(a, e->lo_pct), x1 = axis_at(a, e->hi_pct);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>"
			     "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
			     "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>",
			x0, y, x1, y, color, x0, y - 4, x0, y + 4, color, x1, y - 4, x1, y + 4, color);
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>", x, y, color);
	} else {
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"white\" stroke=\"%s\"/>", x, y, color);
	}
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" class=\"value%s\">%s%s</text></g>\n", CHART_LABEL_W + CHART_PLOT_W + 8,
		y + 4, flagged ? " flagged" : "", v, flagged ? " \xe2\x9a\xa0" : "");
}

/* The cells a slowdown chart shows, in order: class geomeans, then workloads. */
static bool chart_cell(const struct report_set *s, const struct report_summary *sum, size_t row, size_t m,
		       const struct analysis_cell **c, const char **label)
{
	if (m == REPORT_MODE_HLT || !s->mode_used[m])
		return false;
	if (row < ANALYSIS_CLASS_COUNT) {
		static const char *const names[ANALYSIS_CLASS_COUNT] = { "int geomean", "fp geomean", "all geomean" };
		*c = &sum->set->cls[row][m];
		*label = names[row];
	} else {
		size_t w = row - ANALYSIS_CLASS_COUNT;
		if (!s->workload_used[w])
			return false;
		*c = &sum->set->cell[w][m];
		*label = s->workload_name[w];
	}
	return (*c)->have && !isnan((*c)->s.value_pct);
}

void report_html_chart_slowdown(FILE *out, const struct report_set *s, const struct report_summary *sum)
{
	size_t rows = ANALYSIS_CLASS_COUNT + REPORT_WORKLOAD_SLOTS, n = 0, groups = 0;
	double lo = INFINITY, hi = -INFINITY;
	for (size_t r = 0; r < rows; r++) {
		bool any = false;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct analysis_cell *c;
			const char *label;
			if (!chart_cell(s, sum, r, m, &c, &label))
				continue;
			any = true;
			n++;
			lo = fmin(lo, c->s.status == STATS_INTERVAL ? c->s.lo_pct : c->s.value_pct);
			hi = fmax(hi, c->s.status == STATS_INTERVAL ? c->s.hi_pct : c->s.value_pct);
		}
		groups += any;
	}
	if (!n) {
		fprintf(out, "<p class=\"muted\">No slowdown to draw (no hlt samples, or no mode beside hlt).</p>\n");
		return;
	}
	struct axis a = { .x0 = CHART_LABEL_W, .w = CHART_PLOT_W };
	axis_domain(&a, lo, hi);
	double height = (double)n * CHART_ROW_H + (double)groups * 6 + CHART_AXIS_H;
	int width = CHART_LABEL_W + CHART_PLOT_W + CHART_RIGHT_W;
	fprintf(out, "<svg class=\"chart\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" role=\"img\" "
		     "aria-label=\"slowdown vs hlt per workload and mode with 95 %% intervals\">\n",
		width, height, width, height);
	grid_vertical(out, &a, 4, height - CHART_AXIS_H + 4, "%");
	double y = 10;
	for (size_t r = 0; r < rows; r++) {
		bool any = false;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			const struct analysis_cell *c;
			const char *label;
			if (!chart_cell(s, sum, r, m, &c, &label))
				continue;
			bool flagged = c->s.status != STATS_INTERVAL ||
				       (r >= ANALYSIS_CLASS_COUNT && sum->set->clock[r - ANALYSIS_CLASS_COUNT][m].have &&
					analysis_freq_differs(sum->fig[r - ANALYSIS_CLASS_COUNT][m].eff_mhz,
							      sum->fig[r - ANALYSIS_CLASS_COUNT][REPORT_MODE_HLT].eff_mhz));
			slowdown_row(out, &a, y, any ? "" : label, s->mode_name[m], m, &c->s, flagged);
			y += CHART_ROW_H;
			any = true;
		}
		if (any)
			y += 6;
	}
	fprintf(out, "</svg>\n");
}

/* The reference a workload's samples are shown against. */
static double samples_reference(const struct report_set *s, const struct report_summary *sum, size_t w)
{
	if (sum->fig[w][REPORT_MODE_HLT].n)
		return sum->fig[w][REPORT_MODE_HLT].median_cpi;
	for (size_t m = 0; m < REPORT_MODE_SLOTS; m++)
		if (s->mode_used[m] && sum->fig[w][m].n)
			return sum->fig[w][m].median_cpi;
	return NAN;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void report_html_chart_samples(FILE *out, const struct report_set *s, const struct report_summary *sum, size_t b)
{
	const struct report_boot *boot = &s->boot[b];
	double *dev = malloc((boot->rows ? boot->rows : 1) * sizeof *dev), *sorted = malloc((boot->rows ? boot->rows : 1) * sizeof *sorted);
	size_t finite = 0;
	if (!dev || !sorted) {
		free(dev);
		free(sorted);
		fprintf(out, "<p class=\"flag bad\">out of memory drawing the samples</p>\n");
		return;
	}
	for (size_t i = 0; i < boot->rows; i++) {
		const struct report_sample *p = &boot->sample[i];
		double ref = samples_reference(s, sum, p->w);
		dev[i] = ref > 0 && p->cpi > 0 ? (p->cpi / ref - 1) * 100 : NAN;
		if (!isnan(dev[i]))
			sorted[finite++] = dev[i];
	}
	if (!finite) {
		fprintf(out, "<p class=\"muted\">boot %zu: no samples to draw</p>\n", b + 1);
		free(dev);
		free(sorted);
		return;
	}
	/* The central 98 % sets the scale, so one outlier does not flatten the
	 * rest; samples beyond it sit on the edge as triangles. */
	qsort(sorted, finite, sizeof *sorted, compare_double);
	double lo = sorted[finite / 100], hi = sorted[finite - 1 - finite / 100];
	free(sorted);
	struct axis ya;
	axis_domain(&ya, lo, hi);
	int width = CHART_LABEL_W + CHART_PLOT_W + CHART_RIGHT_W, x0 = 50, plot_w = width - x0 - 10;
	double top = 8, bottom = SAMPLES_H - CHART_AXIS_H;
	fprintf(out, "<svg class=\"chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
		     "aria-label=\"boot %zu: samples in measurement order\">\n",
		width, SAMPLES_H, width, SAMPLES_H, b + 1);
	double step = tick_step(ya.hi - ya.lo);
	for (double v = ceil(ya.lo / step) * step; v <= ya.hi; v += step) {
		double y = bottom - (v - ya.lo) / (ya.hi - ya.lo) * (bottom - top);
		char t[32];
		bool zero = fabs(v) < step / 1e6;
		fmt_fixed(t, sizeof t, zero ? 0 : v, step < 1 ? 1 : 0);
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"%s\"/>"
			     "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s%%</text>\n",
			x0, y, x0 + plot_w, y, zero ? "zero" : "grid", x0 - 4, y + 4, t);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">sample in measurement order "
		     "(%zu rows, %zu repetitions)</text>\n",
		x0 + plot_w / 2, SAMPLES_H - 6, boot->rows, boot->reps);
	for (size_t i = 0; i < boot->rows; i++) {
		if (isnan(dev[i]))
			continue;
		const struct report_sample *p = &boot->sample[i];
		double x = x0 + (boot->rows > 1 ? (double)i / (double)(boot->rows - 1) : 0.5) * plot_w;
		double v = fmin(fmax(dev[i], ya.lo), ya.hi);
		double y = bottom - (v - ya.lo) / (ya.hi - ya.lo) * (bottom - top);
		const char *color = report_html_mode_color(p->m);
		if (v != dev[i])
			fprintf(out, "<path d=\"M%.1f %.1fl-3 %dh6z\" fill=\"%s\"/>", x, y, v > 0 ? 5 : -5, color);
		else if (!p->ok || p->excluded || p->smi)
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"none\" stroke=\"%s\"/>", x, y, color);
		else
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\" fill=\"%s\"/>", x, y, color);
	}
	fprintf(out, "\n</svg>\n");
	free(dev);
}

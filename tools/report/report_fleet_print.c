/* Text and HTML of the fleet view (see report_fleet.h). Both build the same
 * cells (fleet_cells), so the table and the page never disagree; numbers go
 * through report_num and report_interval like the one-machine report's. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "tools/report/report_fleet.h"
#include "tools/report/report_format.h"
#include "tools/report/report_html_escape.h"

#define CELL_MAX 600

enum { MACHINE_COLS = 16, MODEL_COLS = 10 };
static const char *const machine_head[MACHINE_COLS] = {
	"", "machine_id", "cpu (vendor family/model/stepping)", "microcode", "bios", "boost", "c2_kind", "label",
	"boots", "int %", "[95% interval]", "fp %", "[95% interval]", "A/A", "spike", "flags",
};
static const char *const model_head[MODEL_COLS] = {
	"cpu model (vendor family/model)", "microcode", "machines", "boots", "int %", "[95% interval]",
	"fp %", "[95% interval]", "sd of machine estimates % (int, fp)", "note",
};

static const char *verdict_text(enum analysis_verdict v)
{
	switch (v) {
	case ANALYSIS_PASS:
		return "pass";
	case ANALYSIS_FAIL:
		return "FAIL";
	case ANALYSIS_NO_INTERVAL:
		return "no interval";
	case ANALYSIS_UNINFORMATIVE:
		return "uninformative";
	default:
		return "absent";
	}
}

static const char *or_dash(const char *s)
{
	return *s ? s : "-";
}

/* A value and interval cell pair; "-" where there is none. */
static void estimate_cells(char *value, char *interval, const struct analysis_cell *c)
{
	char v[32], iv[80];
	bool have = c->have && c->s.status != STATS_NO_DATA;
	fmt_snprintf(value, CELL_MAX, "%s", have ? report_num(v, sizeof v, c->s.value_pct, 2) : REPORT_NO_NUMBER);
	fmt_snprintf(interval, CELL_MAX, "%s", have ? report_interval(iv, sizeof iv, &c->s) : REPORT_NO_NUMBER);
}

static void machine_cells(const struct fleet_machine *m, char (*c)[CELL_MAX])
{
	char *const *x = m->meta;
	fmt_snprintf(c[0], CELL_MAX, "%s", m->marked ? "*" : "");
	fmt_snprintf(c[1], CELL_MAX, "%s", *x[FLEET_MACHINE_ID] ? x[FLEET_MACHINE_ID] : m->identity);
	fmt_snprintf(c[2], CELL_MAX, "%s %s/%s/%s", or_dash(x[FLEET_CPU_VENDOR]), or_dash(x[FLEET_CPU_FAMILY]),
		     or_dash(x[FLEET_CPU_MODEL]), or_dash(x[FLEET_CPU_STEPPING]));
	fmt_snprintf(c[3], CELL_MAX, "%s", or_dash(x[FLEET_MICROCODE]));
	fmt_snprintf(c[4], CELL_MAX, "%s", or_dash(x[FLEET_BIOS_VERSION]));
	fmt_snprintf(c[5], CELL_MAX, "%s", or_dash(x[FLEET_BOOST]));
	fmt_snprintf(c[6], CELL_MAX, "%s", or_dash(x[FLEET_C2_KIND]));
	fmt_snprintf(c[7], CELL_MAX, "%s", or_dash(x[FLEET_LABEL]));
	fmt_snprintf(c[8], CELL_MAX, "%zu", m->boots);
	estimate_cells(c[9], c[10], &m->primary[0]);
	estimate_cells(c[11], c[12], &m->primary[1]);
	fmt_snprintf(c[13], CELL_MAX, "%s", verdict_text(m->aa));
	fmt_snprintf(c[14], CELL_MAX, "%s", verdict_text(m->spike));
	fmt_snprintf(c[15], CELL_MAX, "%s", or_dash(m->flags));
}

/* The sd of the machines' log estimates as a ratio in %: the spread across
 * machines plus each estimate's own boot-to-boot error, not the former alone. */
static const char *spread_text(char *buf, size_t size, const struct stats_slowdown *s)
{
	return report_num(buf, size, s->sd_log == s->sd_log ? (exp(s->sd_log) - 1) * 100 : NAN, 2);
}

static void model_cells(const struct fleet_model *md, char (*c)[CELL_MAX])
{
	char *const *x = md->example->meta;
	fmt_snprintf(c[0], CELL_MAX, "%s %s/%s", or_dash(x[FLEET_CPU_VENDOR]), or_dash(x[FLEET_CPU_FAMILY]),
		     or_dash(x[FLEET_CPU_MODEL]));
	fmt_snprintf(c[1], CELL_MAX, "%s", or_dash(x[FLEET_MICROCODE]));
	fmt_snprintf(c[2], CELL_MAX, "%zu", md->machines);
	fmt_snprintf(c[3], CELL_MAX, "%zu", md->boots);
	for (size_t k = 0; k < 2; k++) {
		struct analysis_cell cell = { .have = md->pooled[k] > 0, .s = md->est[k] };
		estimate_cells(c[4 + 2 * k], c[5 + 2 * k], &cell);
	}
	char a[32], b[32];
	fmt_snprintf(c[8], CELL_MAX, "%s, %s", spread_text(a, sizeof a, &md->est[0]), spread_text(b, sizeof b, &md->est[1]));
	size_t used = md->pooled[0] > md->pooled[1] ? md->pooled[0] : md->pooled[1], at = 0;
	if (!used)
		fmt_append(c[9], CELL_MAX, &at, "no trustworthy machine with a primary estimate");
	else if (used == 1)
		fmt_append(c[9], CELL_MAX, &at, "one machine: no spread across machines, no interval");
	else if (md->pooled[0] != md->units || md->pooled[1] != md->units)
		fmt_append(c[9], CELL_MAX, &at, "t over %zu (int), %zu (fp) of %zu machines' estimates", md->pooled[0],
			   md->pooled[1], md->units);
	else
		fmt_append(c[9], CELL_MAX, &at, "t over the %zu machines' estimates", md->units);
	if (md->units != md->machines)
		fmt_append(c[9], CELL_MAX, &at, "; %zu machine_ids are %zu machines by smbios_uuid_hash (a BIOS update, "
			   "or a placeholder UUID): each one estimate", md->machines, md->units);
	if (md->untrustworthy)
		fmt_append(c[9], CELL_MAX, &at, "; %zu left out: UNTRUSTWORTHY (a control failed)", md->untrustworthy);
}

/* The rows of group g (machines or models), cells[row][col]; the count. */
static size_t group_rows(const struct fleet *f, size_t g, bool by_model, char (**cells)[CELL_MAX], size_t cols)
{
	size_t n = by_model ? f->model_count : f->machine_count, rows = 0;
	*cells = malloc((n ? n : 1) * cols * sizeof **cells);
	if (!*cells)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if ((by_model ? f->model[i].group : f->machine[i].group) != g)
			continue;
		if (by_model)
			model_cells(&f->model[i], *cells + rows * cols);
		else
			machine_cells(&f->machine[i], *cells + rows * cols);
		rows++;
	}
	return rows;
}

/* "plan_id …, placement sibling, boost enabled, c2_kind cc6" of a group. */
static void group_text(const struct fleet_group *g, char *buf, size_t size)
{
	const struct report_set *s = g->first;
	size_t at = 0;
	buf[0] = '\0';
	if (s->by_plan)
		fmt_append(buf, size, &at, "plan_id %s", s->plan_id);
	else
		fmt_append(buf, size, &at, "schema %u (no plan_id)", s->schema);
	fmt_append(buf, size, &at, ", placement %s", or_dash(s->placement));
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		fmt_append(buf, size, &at, ", %s %s", report_state_keys[i], s->state[i] ? or_dash(s->state[i]) : "not recorded");
}

/* Why group g was not pooled with group 0: report_set_difference less the
 * machine, which differs within a group too. */
static void group_difference(const struct fleet *f, size_t g, char *buf, size_t size)
{
	struct report_set *b = malloc(sizeof *b);
	if (!b) {
		fmt_snprintf(buf, size, "(out of memory)");
		return;
	}
	const struct report_set *a = f->group[0].first;
	memcpy(b, f->group[g].first, sizeof *b);
	b->machine_id = a->machine_id;
	b->cpu_vendor = a->cpu_vendor;
	b->cpu_family = a->cpu_family;
	b->cpu_model = a->cpu_model;
	b->smbios_product = a->smbios_product;
	report_set_difference(b, a, buf, size);
	free(b);
}

static void holm_text(const struct fleet *f, size_t g, char *buf, size_t size)
{
	fmt_snprintf(buf, size, "* = a result excludes 0 after Holm over this group's %zu int and fp results with a "
			       "boot-level interval and passing controls (adjusted p <= 0.05)", f->group[g].tests);
}

static void print_rows(FILE *out, const char *const *head, size_t cols, char (*cells)[CELL_MAX], size_t rows)
{
	size_t width[MACHINE_COLS] = { 0 };
	for (size_t c = 0; c < cols; c++) {
		width[c] = strlen(head[c]);
		for (size_t r = 0; r < rows; r++)
			if (strlen(cells[r * cols + c]) > width[c])
				width[c] = strlen(cells[r * cols + c]);
	}
	for (size_t r = 0; r <= rows; r++) {
		fprintf(out, "   ");
		for (size_t c = 0; c < cols; c++) {
			const char *t = r ? cells[(r - 1) * cols + c] : head[c];
			/* the last column (flags, note) is not padded */
			if (c + 1 < cols)
				fprintf(out, " %-*s", (int)width[c], t);
			else
				fprintf(out, " %s", t);
		}
		fprintf(out, "\n");
	}
}

void fleet_print(FILE *out, const struct fleet *f, bool by_model)
{
	size_t machines = 0;
	for (size_t g = 0; g < f->group_count; g++)
		machines += f->group[g].machines;
	fprintf(out, "fleet by %s: %zu machine%s in %zu group%s from %d file%s (files not used are named on stderr)\n",
		by_model ? "model" : "machine", machines, machines == 1 ? "" : "s", f->group_count,
		f->group_count == 1 ? "" : "s", f->taken, f->taken == 1 ? "" : "s");
	for (size_t g = 0; g < f->group_count; g++) {
		char text[1024], mode[64];
		const struct report_set *s = f->group[g].first;
		group_text(&f->group[g], text, sizeof text);
		fprintf(out, "\ngroup %zu of %zu: %s: %zu machine%s, %zu boot%s\n", g + 1, f->group_count, text,
			f->group[g].machines, f->group[g].machines == 1 ? "" : "s", f->group[g].boots,
			f->group[g].boots == 1 ? "" : "s");
		if (g) {
			group_difference(f, g, text, sizeof text);
			fprintf(out, "  not pooled with group 1: %s\n", text);
		}
		report_mode_label(mode, sizeof mode, s->primary_mode, s->state[1]);
		if (by_model)
			fprintf(out, "  primary result: %s vs hlt, class geomean slowdown; per model (vendor, family, model, microcode)\n"
				     "  the mean of its machines' estimates with a t interval over the machines (machines-t: a\n"
				     "  random-effects estimate, machines a sample of the model; docs/statistics.md)\n",
				mode);
		else
			fprintf(out, "  primary result: %s vs hlt, class geomean slowdown; per machine a t interval over its boots'\n"
				     "  estimates (boots-t), sorted by the larger in size of int and fp\n", mode);
		if (!by_model) {
			holm_text(f, g, text, sizeof text);
			fprintf(out, "  %s\n", text);
		}
		char (*cells)[CELL_MAX];
		size_t cols = by_model ? MODEL_COLS : MACHINE_COLS;
		size_t rows = group_rows(f, g, by_model, &cells, cols);
		print_rows(out, by_model ? model_head : machine_head, cols, cells, rows);
		free(cells);
	}
}

static const char page_style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#111;background:#fff}"
	"h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.2em;margin:1em 0 .3em}"
	"table{border-collapse:collapse;margin:.3em 0}th,td{padding:2px 7px;border-bottom:1px solid #e5e5e5;"
	"text-align:left;vertical-align:top}th{background:#f3f4f6}tr.marked td{background:#fde2e1;font-weight:600}"
	".muted{color:#666}";

bool fleet_html_write(const char *path, const struct fleet *f, bool by_model, char *err, size_t err_size)
{
	FILE *out = fopen(path, "w");
	if (!out) {
		fmt_snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return false;
	}
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
		     "form-action 'none'; base-uri 'none'\"><title>idlebench fleet by %s</title>"
		     "<style>%s</style></head><body>\n<h1>idlebench fleet by %s</h1>\n<p class=\"muted\">%d files taken; "
		     "files not used are named on the command's stderr.</p>\n",
		by_model ? "model" : "machine", page_style, by_model ? "model" : "machine", f->taken);
	for (size_t g = 0; g < f->group_count; g++) {
		char text[1024];
		group_text(&f->group[g], text, sizeof text);
		fprintf(out, "<h2>group %zu of %zu: ", g + 1, f->group_count);
		report_html_escape(out, text);
		fprintf(out, "</h2>\n<p>%zu machines, %zu boots. ", f->group[g].machines, f->group[g].boots);
		if (g) {
			group_difference(f, g, text, sizeof text);
			fprintf(out, "Not pooled with group 1: ");
			report_html_escape(out, text);
			fprintf(out, ". ");
		}
		if (by_model) {
			fprintf(out, "Per model the mean of its machines' estimates with a t interval over the machines "
				     "(machines-t, random effects).");
		} else {
			holm_text(f, g, text, sizeof text);
			report_html_escape(out, text);
		}
		fprintf(out, "</p>\n<table><tr>");
		size_t cols = by_model ? MODEL_COLS : MACHINE_COLS;
		const char *const *head = by_model ? model_head : machine_head;
		for (size_t c = 0; c < cols; c++) {
			fprintf(out, "<th>");
			report_html_escape(out, head[c]);
			fprintf(out, "</th>");
		}
		fprintf(out, "</tr>\n");
		char (*cells)[CELL_MAX];
		size_t rows = group_rows(f, g, by_model, &cells, cols);
		for (size_t r = 0; r < rows; r++) {
			bool marked = !by_model && !strcmp(cells[r * cols], "*");
			fprintf(out, "<tr%s>", marked ? " class=\"marked\"" : "");
			for (size_t c = 0; c < cols; c++) {
				fprintf(out, "<td>");
				report_html_escape(out, cells[r * cols + c]);
				fprintf(out, "</td>");
			}
			fprintf(out, "</tr>\n");
		}
		free(cells);
		fprintf(out, "</table>\n");
	}
	fprintf(out, "</body></html>\n");
	if (ferror(out) | fclose(out)) {
		fmt_snprintf(err, err_size, "%s: write failed", path);
		return false;
	}
	return true;
}

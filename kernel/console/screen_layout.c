/* The screen's pages (screen_layout.h). Every number shown is a string the
 * stream wrote (screen_model.h): an empty one is shown as "n/a". Lines are
 * built in a buffer and cut to the screen's width less one column. */
#include <stdarg.h>

#include "stats/analysis.h"
#include "kernel/console/screen_layout.h"
#include "lib/fmt.h"
#include "lib/mem.h"

#define LINE 512 /* one line before it is cut to the screen */

struct page {
	char *text;
	uint8_t *style;
	unsigned cols, rows, row, cut;
};

/* Write line text at row r in style s: cut to cols - 1, padded with spaces. */
static void put_at(struct page *p, unsigned r, uint8_t s, const char *text)
{
	if (r >= p->rows)
		return;
	size_t n = strlen(text), width = p->cols - 1;
	if (n > width) {
		n = width;
		p->cut++;
	}
	char *row = p->text + (size_t)r * p->cols;
	memset(row, ' ', p->cols);
	memcpy(row, text, n);
	p->style[r] = s;
}

/* The next row, formatted. */
static void line(struct page *p, uint8_t s, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void line(struct page *p, uint8_t s, const char *format, ...)
{
	char buf[LINE];
	va_list ap;

	va_start(ap, format);
	fmt_vsnprintf(buf, sizeof buf, format, ap);
	va_end(ap);
	put_at(p, p->row++, s, buf);
}

static const char *or_na(const char *v)
{
	return v && v[0] ? v : "n/a";
}

/* "12.40 [11.80, 13.00]", "12.40 (no CI)" or "n/a". */
static void estimate_text(char *out, size_t size, const struct screen_estimate *e)
{
	if (!e->have || !e->value[0])
		fmt_snprintf(out, size, "n/a");
	else if (!e->lo[0] || !e->hi[0])
		fmt_snprintf(out, size, "%s (no CI)", e->value);
	else
		fmt_snprintf(out, size, "%s [%s, %s]", e->value, e->lo, e->hi);
}

/* A primary estimate: "12.40 [11.80, 13.00]", "12.40 (no interval: n/a: 3
 * blocks, need 10)" (the record's note says why) or "n/a". */
static void primary_text(char *out, size_t size, const struct screen_model *m, int k)
{
	const struct screen_estimate *e = &m->primary[k];

	if (e->have && e->value[0] && (!e->lo[0] || !e->hi[0]))
		fmt_snprintf(out, size, "%s (no interval: %s)", e->value,
			     m->primary_note[k][0] ? m->primary_note[k] : "the record gives no reason");
	else
		estimate_text(out, size, e);
}

/* Whether both primary estimates have an interval: only then is the verdict
 * set in the emphasis style (a lone number is not a result to stand out). */
static bool primary_has_intervals(const struct screen_model *m)
{
	for (int k = SCREEN_INT; k <= SCREEN_FP; k++)
		if (!m->primary[k].have || !m->primary[k].lo[0] || !m->primary[k].hi[0])
			return false;
	return true;
}

/* The sign of a number as the stream wrote it: -1, 0 (zero, or not a
 * number), +1. */
static int sign_of(const char *v)
{
	bool neg = v[0] == '-', digit = false;

	for (const char *c = v; *c; c++) {
		if (*c >= '1' && *c <= '9')
			digit = true;
		else if (*c != '0' && *c != '.' && *c != '-' && *c != '+')
			return 0;
	}
	return !digit ? 0 : neg ? -1 : 1;
}

/* The mode as people name the state: mwait's default hint 0 is C1. */
static void mode_label(const struct screen_model *m, const char *mode, char *out, size_t size)
{
	static const struct {
		const char *name, *label;
	} labels[] = { { "hlt", "HLT" }, { "ioport", "IOPORT-C2" }, { "spin", "spin" }, { "off", "off (INIT)" } };

	if (!strcmp(mode, "mwait")) {
		/* mwait_hint= on the command line (MWAIT EAX; 0, the default, is C1) */
		const char *v = m->mwait_hint;
		while (*v == '0' || *v == 'x' || *v == 'X')
			v++;
		if (*v)
			fmt_snprintf(out, size, "MWAIT(%s)", m->mwait_hint);
		else
			fmt_snprintf(out, size, "MWAIT-C1");
		return;
	}
	if (!strcmp(mode, "ioport") && m->meta[SCREEN_META_C2_KIND][0]) {
		/* the core state the port read requests (c2_kind, platform/acpi/acpi_c2.c) */
		const char *k = m->meta[SCREEN_META_C2_KIND];
		if (!strcmp(k, "cc1") || !strcmp(k, "cc6"))
			fmt_snprintf(out, size, "IOPORT (C2 requests %s)", !strcmp(k, "cc1") ? "CC1" : "CC6");
		else
			fmt_snprintf(out, size, "IOPORT (C2 %s)", k);
		return;
	}
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (!strcmp(mode, labels[i].name)) {
			fmt_snprintf(out, size, "%s", labels[i].label);
			return;
		}
	fmt_snprintf(out, size, "%s", mode);
}

static const char *where_parked(const struct screen_model *m)
{
	const char *p = m->meta[SCREEN_META_PLACEMENT];
	return !strcmp(p, "sibling")      ? " on the sibling"
	       : !strcmp(p, "other-core") ? " on the other core"
	       : !strcmp(p, "both")       ? " on the sibling and another core"
					  : "";
}

static const struct screen_control *failed_control(const struct screen_model *m)
{
	for (unsigned i = 0; i < m->control_count; i++)
		if (!strcmp(m->controls[i].verdict, "fail"))
			return &m->controls[i];
	return NULL;
}

static const char *control_name(const char *mode)
{
	return !strcmp(mode, "hlt2") ? "A/A" : !strcmp(mode, "spike") ? "spike-in" : mode;
}

/* "costs 12.40 % [11.80, 13.00] int" and its kin for one class. */
static void class_verdict(char *out, size_t size, const struct screen_estimate *e, const char *cls)
{
	if (!e->have || !e->value[0])
		fmt_snprintf(out, size, "n/a %s (no estimate)", cls);
	else if (!e->lo[0] || !e->hi[0])
		fmt_snprintf(out, size, "shows %s %% %s (no 95 %% interval)", e->value, cls);
	else if (sign_of(e->lo) > 0)
		fmt_snprintf(out, size, "costs %s %% [%s, %s] %s", e->value, e->lo, e->hi, cls);
	else if (sign_of(e->hi) < 0)
		fmt_snprintf(out, size, "speeds up %s %% [%s, %s] %s", e->value, e->lo, e->hi, cls);
	else
		fmt_snprintf(out, size, "no clear effect %s %% [%s, %s] %s", e->value, e->lo, e->hi, cls);
}

bool screen_layout_verdict(const struct screen_model *m, char *out, unsigned size)
{
	char label[40], v_int[96], v_fp[96];
	const struct screen_control *bad = failed_control(m);

	if (bad) {
		fmt_snprintf(out, size, "UNTRUSTWORTHY: the %s control failed - do not use these numbers",
			     control_name(bad->mode));
		return true;
	}
	if (!m->primary_mode[0]) {
		fmt_snprintf(out, size, "No primary result: %s",
			     m->meta[SCREEN_META_PRIMARY_MODE][0] ? "the stream has no primary record"
								  : "no mode besides hlt and the controls was measured");
		return true;
	}
	mode_label(m, m->primary_mode, label, sizeof label);
	class_verdict(v_int, sizeof v_int, &m->primary[SCREEN_INT], "int");
	class_verdict(v_fp, sizeof v_fp, &m->primary[SCREEN_FP], "fp");
	int n = fmt_snprintf(out, size, "%s%s %s, %s", label, where_parked(m), v_int, v_fp);
	if (n < SCREEN_DESIGN_COLS - 1)
		return true;
	fmt_snprintf(out, size, "%s%s %s,", label, where_parked(m), v_int);
	return false; /* the fp half goes on the line below */
}

/* Header: name, version, boot path, plan on the left; state on the right. */
static void header(struct page *p, const struct screen_model *m)
{
	char state[96], left[LINE], buf[LINE];

	if (m->ended)
		fmt_snprintf(state, sizeof state, "%s", m->ok ? "DONE: ok" : "FAILED: status=error");
	else if (m->table_started && m->have_progress && m->total) {
		char bar[21], eta[32];
		uint64_t done = m->done > m->total ? m->total : m->done;
		size_t fill = (size_t)(done * 20 / m->total);
		for (size_t i = 0; i < 20; i++)
			bar[i] = i < fill ? '#' : '.';
		bar[20] = '\0';
		if (m->eta.known) {
			uint64_t s = m->eta.ms / 1000;
			fmt_snprintf(eta, sizeof eta, "ETA %llu:%02llu%s", (unsigned long long)(s / 60),
				     (unsigned long long)(s % 60), m->eta.by_budget ? " (budget)" : "");
		} else {
			fmt_snprintf(eta, sizeof eta, "ETA --:--");
		}
		fmt_snprintf(state, sizeof state, "[%s] %3llu%% %llu/%llu %s", bar,
			     (unsigned long long)(done * 100 / m->total), (unsigned long long)done,
			     (unsigned long long)m->total, eta);
	} else {
		fmt_snprintf(state, sizeof state, "%s",
			     !m->begun           ? "starting"
			     : m->table_started  ? "sampling"
			     : m->calibrating    ? "calibrating"
						 : "setting up");
	}
	/* the left part: items that fit whole beside the state */
	const char *items[] = { m->meta[SCREEN_META_BOOT], m->meta[SCREEN_META_PRESET], m->meta[SCREEN_META_LABEL] };
	const char *names[] = { "boot ", "", "" };
	size_t n = 0, fit = p->cols - 1 > strlen(state) + 1 ? p->cols - 1 - strlen(state) - 1 : 0;
	fmt_append(left, sizeof left, &n, " idlebench %s", or_na(m->version));
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
		if (items[i][0] && n + 3 + strlen(names[i]) + strlen(items[i]) <= fit)
			fmt_append(left, sizeof left, &n, " | %s%s", names[i], items[i]);
	/* the state stays whole at the right (unless the screen is narrower than
	 * it); the left part gives way */
	size_t width = p->cols - 1, sl = strlen(state);
	if (sl > width) {
		sl = width;
		p->cut++;
	}
	size_t room = width - sl;
	if (n && n + 1 > room) {
		n = room ? room - 1 : 0;
		p->cut++;
	}
	memset(buf, ' ', width);
	memcpy(buf, left, n);
	memcpy(buf + width - sl, state, sl);
	buf[width] = '\0';
	put_at(p, p->row++, SCREEN_STYLE_HEADER, buf);
}

/* The machine: CPU, board, hypervisor, loader; an item that does not fit
 * whole is left out, never cut. */
static void machine(struct page *p, const struct screen_model *m)
{
	char buf[LINE];
	const char *hv = m->meta[SCREEN_META_HYPERVISOR];
	const char *items[] = { m->meta[SCREEN_META_CPU_BRAND], m->meta[SCREEN_META_SMBIOS_PRODUCT],
				!hv[0] ? "" : strcmp(hv, "none") ? hv : "bare metal", m->meta[SCREEN_META_BOOTLOADER] };
	size_t n = 0, width = p->cols - 1;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
		size_t add = strlen(items[i]) + (n ? 3 : 1);
		if (items[i][0] && n + add <= width)
			fmt_append(buf, sizeof buf, &n, "%s%s", n ? " | " : " ", items[i]);
	}
	put_at(p, p->row++, SCREEN_STYLE_TEXT, buf);
}

/* One UART of the `consoles` meta, NAME=ACCESS:0xBASE:BAUD, for people:
 * "ttyS0 (io 0x3f8, 115200 baud)"; anything else as written. */
static void uart_text(char *out, size_t size, size_t *n, const char *c, size_t len)
{
	size_t eq = 0, c1, c2;

	while (eq < len && c[eq] != '=')
		eq++;
	for (c1 = eq + 1; c1 < len && c[c1] != ':'; c1++)
		;
	for (c2 = c1 + 1; c2 < len && c[c2] != ':'; c2++)
		;
	if (c2 >= len) {
		fmt_append(out, size, n, "%.*s", (int)len, c);
		return;
	}
	fmt_append(out, size, n, "%.*s (%.*s %.*s, %.*s%s)", (int)eq, c, (int)(c1 - eq - 1), c + eq + 1,
		   (int)(c2 - c1 - 1), c + c1 + 1, (int)(len - c2 - 1), c + c2 + 1,
		   strcmp(c + c2 + 1, "firmware") ? " baud" : " rate");
}

/* "full result: serial ttyS0 (io 0x3f8, 115200 baud)" */
static void serial_line(char *out, size_t size, const struct screen_model *m)
{
	const char *c = m->meta[SCREEN_META_CONSOLES];
	size_t n = 0;
	bool any = false;

	fmt_append(out, size, &n, "full result: ");
	while (*c) {
		while (*c == ' ')
			c++;
		const char *e = c;
		while (*e && *e != ' ')
			e++;
		if (e > c && strncmp(c, "screen=", 7)) {
			fmt_append(out, size, &n, "%s", any ? ", " : "serial ");
			uart_text(out, size, &n, c, (size_t)(e - c));
			any = true;
		}
		c = e;
	}
	if (!any && !m->meta[SCREEN_META_CONSOLES][0])
		fmt_append(out, size, &n, "on the serial console(s) (not named before the end)");
	else if (!any)
		fmt_append(out, size, &n, "no serial console");
}

/* The name in path after its folders ("\\idlebench\\results\\NAME"). */
static const char *file_base(const char *path)
{
	const char *base = path;
	for (const char *c = path; *c; c++)
		if (*c == '\\' || *c == '/')
			base = c + 1;
	return base;
}

/* The file line, when the front end saves one (the UEFI application). */
static bool file_line(char *out, size_t size, const struct screen_model *m)
{
	if (m->result_file[0])
		fmt_snprintf(out, size, "             and a file on the stick, in %.*s:", (int)(file_base(m->result_file) - m->result_file),
			     m->result_file);
	else if (m->no_file_why[0])
		fmt_snprintf(out, size, "             no file: %s", m->no_file_why);
	else if (m->result_file_failed)
		fmt_snprintf(out, size, "             NOT saved to the stick (see below)");
	else if (!strcmp(m->meta[SCREEN_META_BOOT], "efi"))
		fmt_snprintf(out, size, "             and a file in \\idlebench\\results\\ (being saved)");
	else
		return false;
	return true;
}

/* The rows at the bottom of a finished run's page: where, then messages. */
static unsigned footer_rows(const struct screen_model *m)
{
	char buf[8];
	/* a saved file's name has a row of its own (typically ~90 characters, at
	 * most RESULT_NAME_MAX 150): after the text before it, it was cut on a
	 * 100-column screen */
	return 1 + file_line(buf, sizeof buf, m) + (m->result_file[0] != 0) + m->after_count;
}

static void footer(struct page *p, const struct screen_model *m)
{
	char buf[LINE];

	p->row = p->rows - footer_rows(m);
	serial_line(buf, sizeof buf, m);
	line(p, SCREEN_STYLE_EMPH, "%s", buf);
	if (file_line(buf, sizeof buf, m))
		line(p, m->result_file_failed ? SCREEN_STYLE_BAD : SCREEN_STYLE_EMPH, "%s", buf);
	if (m->result_file[0])
		line(p, SCREEN_STYLE_EMPH, "  %s", file_base(m->result_file));
	for (unsigned i = 0; i < m->after_count; i++)
		line(p, SCREEN_STYLE_TEXT, "%s", m->after[i]);
}

/* The log from the row p->row down to (not including) row end, jumping up by
 * half its height when full so that a redraw moves it only now and then. */
static void log_pane(struct page *p, const struct screen_model *m, unsigned end)
{
	unsigned h = end > p->row ? end - p->row : 0;
	if (!h)
		return;
	uint64_t total = m->log_total, top = 0, step = h / 2 ? h / 2 : 1;
	if (total > h)
		top = (total - h + step - 1) / step * step;
	for (unsigned i = 0; i < h; i++) {
		const char *l = screen_model_log_line(m, top + i);
		put_at(p, p->row++, SCREEN_STYLE_TEXT, l ? l : "");
	}
}

/* The newest lines of the log that fit between p->row and end. */
static void log_tail(struct page *p, const struct screen_model *m, unsigned end)
{
	unsigned h = end > p->row ? end - p->row : 0;
	uint64_t from = m->log_total > h ? m->log_total - h : 0;
	for (uint64_t n = from; n < m->log_total; n++) {
		const char *l = screen_model_log_line(m, n);
		put_at(p, p->row++, SCREEN_STYLE_TEXT, l ? l : "");
	}
}

/* "flags: ..." items, on up to FLAG_LINES lines. */
#define FLAG_LINES 3
static void flags(struct page *p, const struct screen_model *m)
{
	char items[9][SCREEN_META + 16], buf[LINE];
	unsigned k = 0;
	const char *iv = m->meta[SCREEN_META_INTERVALS], *hv = m->meta[SCREEN_META_HYPERVISOR];

	if (m->unmeasured[0])
		fmt_snprintf(items[k++], sizeof items[0], "not measured: %s", m->unmeasured);
	if (iv[0] && strcmp(iv, "yes"))
		fmt_snprintf(items[k++], sizeof items[0], "intervals %s", iv);
	for (unsigned i = 0; i < m->control_count; i++)
		fmt_snprintf(items[k++], sizeof items[0], "%s control %s", control_name(m->controls[i].mode),
			     or_na(m->controls[i].verdict));
	if (m->busy_verdict[0])
		fmt_snprintf(items[k++], sizeof items[0], "%s",
			     !strcmp(m->busy_verdict, "topology_suspect")
				     ? "busy control: TOPOLOGY SUSPECT (< 5 %: the pair may not share a core)"
				     : !strcmp(m->busy_verdict, "ok")     ? "busy control ok"
				     : !strcmp(m->busy_verdict, "absent") ? "busy control: no estimate"
									  : "busy control not judged");
	else if (!m->control_count)
		fmt_snprintf(items[k++], sizeof items[0], "no controls measured");
	if (hv[0] && strcmp(hv, "none"))
		fmt_snprintf(items[k++], sizeof items[0], "hypervisor %s: not bare metal", hv);
	if (m->error_count)
		fmt_snprintf(items[k++], sizeof items[0], "%u error record(s) (warnings)", m->error_count);
	if (m->stop_reason[0] && strcmp(m->stop_reason, "fixed") && strcmp(m->stop_reason, "target"))
		fmt_snprintf(items[k++], sizeof items[0], "stopped: %s", m->stop_reason);
	size_t n = 0, width = p->cols - 1;
	unsigned lines = 1;
	fmt_append(buf, sizeof buf, &n, "flags: ");
	for (unsigned i = 0; i < k; i++) {
		size_t add = strlen(items[i]) + (n > 7 ? 3 : 0);
		if (n > 7 && n + add > width && lines < FLAG_LINES) { /* the next item on a line of its own */
			put_at(p, p->row++, SCREEN_STYLE_TEXT, buf);
			lines++;
			n = 0;
			fmt_append(buf, sizeof buf, &n, "       %s", items[i]);
			continue;
		}
		fmt_append(buf, sizeof buf, &n, "%s%s", n > 7 ? " | " : "", items[i]);
	}
	put_at(p, p->row++, SCREEN_STYLE_TEXT, buf);
}

/* The per-mode geomeans, in the rows from p->row to end. */
static void mode_table(struct page *p, const struct screen_model *m, unsigned end)
{
	static char cells[SCREEN_MAX_MODES][SCREEN_CLASS_COUNT][3 * SCREEN_FIELD + 8];
	static const char *const heads[SCREEN_CLASS_COUNT] = { "int", "fp", "all" };
	size_t w[SCREEN_CLASS_COUNT], name_w = 4;

	for (int k = 0; k < SCREEN_CLASS_COUNT; k++)
		w[k] = strlen(heads[k]);
	for (unsigned i = 0; i < m->mode_count; i++) {
		size_t l = strlen(m->modes[i].name);
		name_w = l > name_w ? l : name_w;
		for (int k = 0; k < SCREEN_CLASS_COUNT; k++) {
			estimate_text(cells[i][k], sizeof cells[i][k], &m->modes[i].cls[k]);
			size_t c = strlen(cells[i][k]);
			w[k] = c > w[k] ? c : w[k];
		}
	}
	if (name_w > 12)
		name_w = 12;
	/* the `all` column only when the three fit */
	int classes = 2 + 2 + name_w + w[0] + 2 + w[1] + 2 + w[2] < p->cols ? 3 : 2;
	unsigned avail = end > p->row ? end - p->row : 0;
	if (avail < 2 || !m->mode_count)
		return;
	char buf[LINE];
	size_t n = 0;
	fmt_append(buf, sizeof buf, &n, "  %-*s", (int)name_w, "mode");
	for (int k = 0; k < classes; k++)
		fmt_append(buf, sizeof buf, &n, "  %-*s", (int)w[k], heads[k]);
	put_at(p, p->row++, SCREEN_STYLE_EMPH, buf);
	unsigned shown = m->mode_count <= avail - 1 ? m->mode_count : avail - 2;
	for (unsigned i = 0; i < shown; i++) {
		n = 0;
		fmt_append(buf, sizeof buf, &n, "  %-*.*s", (int)name_w, (int)name_w, m->modes[i].name);
		for (int k = 0; k < classes; k++)
			fmt_append(buf, sizeof buf, &n, "  %-*s", (int)w[k], cells[i][k]);
		put_at(p, p->row++, SCREEN_STYLE_TEXT, buf);
	}
	if (shown < m->mode_count || m->modes_dropped)
		line(p, SCREEN_STYLE_TEXT, "  (more modes than fit here: see the geomean records in the full result)");
}

static void result_page(struct page *p, const struct screen_model *m)
{
	char label[40], cell[SCREEN_FIELD + SCREEN_META + 24], verdict[LINE];
	const struct screen_control *bad = failed_control(m);

	line(p, SCREEN_STYLE_TEXT, "%s", "");
	if (m->primary_mode[0]) {
		mode_label(m, m->primary_mode, label, sizeof label);
		/* A long label ("IOPORT (C2 requests CC6)") puts the unit on a line of its own. */
		if (fmt_snprintf(verdict, sizeof verdict, "PRIMARY RESULT  %s vs HLT%s: slowdown %%, geomean [95%% CI]",
				 label, where_parked(m)) < SCREEN_DESIGN_COLS - 1) {
			line(p, SCREEN_STYLE_EMPH, "%s", verdict);
		} else {
			line(p, SCREEN_STYLE_EMPH, "PRIMARY RESULT  %s vs HLT%s:", label, where_parked(m));
			line(p, SCREEN_STYLE_EMPH, "  slowdown %%, geomean [95%% CI]");
		}
		/* The seed's figures stay on their own line below: beside this run's
		 * number (an emulator's, one quick boot's) they would read as comparable. */
		for (int k = SCREEN_INT; k <= SCREEN_FP; k++) {
			primary_text(cell, sizeof cell, m, k);
			line(p, SCREEN_STYLE_TEXT, "  %-4s%s", k ? "fp" : "int", cell);
		}
	}
	bool whole = screen_layout_verdict(m, verdict, sizeof verdict);
	uint8_t verdict_style = bad				     ? SCREEN_STYLE_BAD
				: !m->primary_mode[0] || primary_has_intervals(m) ? SCREEN_STYLE_EMPH
										  : SCREEN_STYLE_TEXT;
	line(p, verdict_style, "%s", verdict);
	if (!whole) { /* the fp half did not fit beside int */
		char v_fp[96];
		class_verdict(v_fp, sizeof v_fp, &m->primary[SCREEN_FP], "fp");
		line(p, verdict_style, "%*s%s", (int)(strlen(label) + strlen(where_parked(m)) + 1), "", v_fp);
	}
	/* bottom up: footer, seed, flags; the table takes what is left */
	unsigned bottom = p->rows - footer_rows(m);
	unsigned table_end = bottom >= FLAG_LINES + 2 ? bottom - FLAG_LINES - 2 : 0; /* blank, flags, seed */
	line(p, SCREEN_STYLE_TEXT, "%s", "");
	if (table_end > p->row)
		mode_table(p, m, table_end);
	line(p, SCREEN_STYLE_TEXT, "%s", "");
	flags(p, m);
	if (p->row < bottom)
		line(p, SCREEN_STYLE_TEXT,
		     "seed (Hygon 18h): UnixBench 1-core +%s %%, SPECrate int +%s %%, fp +%s %%",
		     ANALYSIS_SEED_UNIXBENCH, ANALYSIS_SEED_INTRATE, ANALYSIS_SEED_FPRATE);
}

static void failure_page(struct page *p, const struct screen_model *m)
{
	unsigned bottom = p->rows - footer_rows(m);

	line(p, SCREEN_STYLE_BAD, "RUN FAILED (status=error). %s", m->error_count ? "Why, from the stream's error records:"
								       : "The stream has no error record; its last lines:");
	for (unsigned i = 0; i < m->error_count && i < SCREEN_MAX_ERRORS && p->row + 4 < bottom; i++)
		line(p, SCREEN_STYLE_BAD, "  %s", m->errors[i]);
	if (m->error_count > SCREEN_MAX_ERRORS)
		line(p, SCREEN_STYLE_BAD, "  (%u more error records in the full result)", m->error_count - SCREEN_MAX_ERRORS);
	line(p, SCREEN_STYLE_EMPH, "%s", "last lines of the run:");
	log_tail(p, m, bottom);
}

unsigned screen_layout(const struct screen_model *m, char *text, uint8_t *style, unsigned cols, unsigned rows)
{
	struct page p = { text, style, cols, rows, 0, 0 };

	if (!cols || !rows)
		return 0;
	memset(text, ' ', (size_t)cols * rows);
	memset(style, SCREEN_STYLE_TEXT, rows);
	if (cols < 2)
		return 0;
	header(&p, m);
	machine(&p, m);
	bool result = m->ended && m->ok && (m->primary_mode[0] || m->mode_count);
	if (m->ended && rows > footer_rows(m) + 3) {
		if (result)
			result_page(&p, m);
		else if (!m->ok)
			failure_page(&p, m);
		else
			log_pane(&p, m, rows - footer_rows(m));
		footer(&p, m);
	} else {
		log_pane(&p, m, rows);
	}
	return p.cut;
}

/* The screen's reading of the result stream (line forms: docs/stream-format.md,
 * "Lines"). Only what a person at the machine needs is kept: a few metadata
 * keys, the primary, geomean, control, stop, error and end records, and the
 * human text as a wrapped log. Values are copied as written: an empty field
 * stays empty (the layout shows "n/a"), a long one is cut to its slot. */
#include "kernel/console/screen_model.h"
#include "lib/fmt.h"
#include "lib/mem.h"

/* The metadata keys kept, by enum screen_meta. */
static const char *const meta_keys[SCREEN_META_COUNT] = {
	[SCREEN_META_BOOT] = "boot", [SCREEN_META_BOOTLOADER] = "bootloader",
	[SCREEN_META_HYPERVISOR] = "hypervisor", [SCREEN_META_CPU_BRAND] = "cpu_brand",
	[SCREEN_META_SMBIOS_PRODUCT] = "smbios_product", [SCREEN_META_PRESET] = "preset",
	[SCREEN_META_PLACEMENT] = "placement", [SCREEN_META_PRIMARY_MODE] = "primary_mode",
	[SCREEN_META_INTERVALS] = "intervals", [SCREEN_META_CONSOLES] = "consoles",
	[SCREEN_META_LABEL] = "label", [SCREEN_META_CMDLINE] = "cmdline",
	[SCREEN_META_MODES_MEASURED] = "modes_measured", [SCREEN_META_C2_KIND] = "c2_kind",
};

static const char *const class_names[SCREEN_CLASS_COUNT] = { "int", "fp", "all" };

void screen_model_init(struct screen_model *m, unsigned width)
{
	memset(m, 0, sizeof *m);
	m->log_width = width < 20 ? 20 : width > SCREEN_LOG_WIDTH ? SCREEN_LOG_WIDTH : width;
}

/* Copy len bytes of src into out as one printable line: control bytes and
 * non-ASCII become '?' (the screen shows ASCII only), cut to fit. */
static void copy_text(char *out, size_t size, const char *src, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 1 < size; i++) {
		unsigned char c = (unsigned char)src[i];
		out[n++] = (c >= 0x20 && c <= 0x7e) ? (char)c : '?';
	}
	out[n] = '\0';
}

static bool is_prefix(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && !memcmp(line, prefix, n);
}

bool screen_record_field(const char *f, size_t len, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key), i = 0;

	while (i < len) {
		while (i < len && f[i] == ' ')
			i++;
		size_t k = i;
		while (i < len && f[i] != '=' && f[i] != ' ')
			i++;
		size_t kend = i;
		size_t vstart = i, vend = i;
		if (i < len && f[i] == '=') {
			i++;
			if (i < len && f[i] == '"') {
				vstart = ++i;
				while (i < len && f[i] != '"')
					i++;
				vend = i;
				if (i < len)
					i++;
			} else {
				vstart = i;
				while (i < len && f[i] != ' ')
					i++;
				vend = i;
			}
		}
		if (kend - k == klen && !memcmp(f + k, key, klen) && kend < len && f[kend] == '=') {
			copy_text(out, size, f + vstart, vend - vstart);
			return true;
		}
	}
	if (size)
		out[0] = '\0';
	return false;
}

const char *screen_model_log_line(const struct screen_model *m, uint64_t n)
{
	if (n >= m->log_total || m->log_total - n > SCREEN_LOG_LINES)
		return NULL;
	return m->log[n % SCREEN_LOG_LINES];
}

static void log_put(struct screen_model *m, const char *text, size_t len)
{
	copy_text(m->log[m->log_total % SCREEN_LOG_LINES], SCREEN_LOG_WIDTH + 1, text, len);
	m->log_total++;
}

/* Append text to the log, wrapped at spaces to log_width columns; a
 * continuation starts with two spaces; a word longer than a line is cut. */
static void log_text(struct screen_model *m, const char *text, size_t len)
{
	char line[SCREEN_LOG_WIDTH + 1];
	size_t at = 0;
	bool first = true;

	while (len && (text[len - 1] == ' ' || text[len - 1] == '\r'))
		len--;
	do {
		size_t indent = first ? 0 : 2, room = m->log_width - indent;
		if (!first)
			while (at < len && text[at] == ' ')
				at++;
		size_t take = len - at;
		if (take > room) {
			take = room;
			size_t cut = take;
			while (cut > 0 && text[at + cut] != ' ')
				cut--;
			if (cut > room / 3)
				take = cut; /* break at the space; else hard-cut a long word */
		}
		memset(line, ' ', indent);
		memcpy(line + indent, text + at, take);
		log_put(m, line, indent + take);
		at += take;
		first = false;
	} while (at < len);
}

static void read_estimate(const char *f, size_t len, struct screen_estimate *e)
{
	e->have = true;
	screen_record_field(f, len, "slowdown_vs_hlt_pct", e->value, sizeof e->value);
	screen_record_field(f, len, "ci95_lo", e->lo, sizeof e->lo);
	screen_record_field(f, len, "ci95_hi", e->hi, sizeof e->hi);
}

static int class_index(const char *name)
{
	for (int k = 0; k < SCREEN_CLASS_COUNT; k++)
		if (!strcmp(name, class_names[k]))
			return k;
	return -1;
}

static struct screen_mode *mode_slot(struct screen_model *m, const char *name)
{
	for (unsigned i = 0; i < m->mode_count; i++)
		if (!strcmp(m->modes[i].name, name))
			return &m->modes[i];
	if (m->mode_count == SCREEN_MAX_MODES) {
		m->modes_dropped = true;
		return NULL;
	}
	struct screen_mode *s = &m->modes[m->mode_count++];
	fmt_snprintf(s->name, sizeof s->name, "%s", name);
	return s;
}

static void on_error(struct screen_model *m, const char *f, size_t len)
{
	char code[SCREEN_FIELD * 2], msg[SCREEN_ERROR_TEXT], text[SCREEN_ERROR_TEXT];

	screen_record_field(f, len, "code", code, sizeof code);
	screen_record_field(f, len, "msg", msg, sizeof msg);
	int n = fmt_snprintf(text, sizeof text, "ERROR %s: %s", code, msg);
	if (m->error_count < SCREEN_MAX_ERRORS)
		fmt_snprintf(m->errors[m->error_count], SCREEN_ERROR_TEXT, "%s: %s", code, msg);
	m->error_count++;
	log_text(m, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

/* `#! mode name= status= [reason=]`: the sibling check, one line for people. */
static void on_mode(struct screen_model *m, const char *f, size_t len)
{
	char name[SCREEN_FIELD], status[SCREEN_FIELD], reason[SCREEN_META], text[SCREEN_META + 64];

	screen_record_field(f, len, "name", name, sizeof name);
	screen_record_field(f, len, "status", status, sizeof status);
	bool why = screen_record_field(f, len, "reason", reason, sizeof reason);
	if (strcmp(status, "ok")) { /* the result page names the modes the plan lost */
		size_t n = strlen(m->unmeasured);
		fmt_append(m->unmeasured, sizeof m->unmeasured, &n, "%s%s (%s)", n ? ", " : "", name, status);
	}
	int n = fmt_snprintf(text, sizeof text, "mode %s: %s%s%s", name, status, why ? ", " : "", why ? reason : "");
	log_text(m, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

static bool on_record(struct screen_model *m, const char *type, size_t tlen, const char *f, size_t len)
{
	char a[SCREEN_FIELD], b[SCREEN_FIELD];

#define IS(t) (tlen == sizeof(t) - 1 && !memcmp(type, t, tlen))
	if (IS("primary")) {
		screen_record_field(f, len, "class", a, sizeof a);
		int k = class_index(a);
		if (k != SCREEN_INT && k != SCREEN_FP)
			return false;
		screen_record_field(f, len, "mode", m->primary_mode, sizeof m->primary_mode);
		read_estimate(f, len, &m->primary[k]);
		screen_record_field(f, len, "seed_pct", m->primary_seed[k], sizeof m->primary_seed[k]);
		screen_record_field(f, len, "note", m->primary_note[k], sizeof m->primary_note[k]);
	} else if (IS("geomean")) {
		screen_record_field(f, len, "class", a, sizeof a);
		screen_record_field(f, len, "mode", b, sizeof b);
		int k = class_index(a);
		struct screen_mode *s = k < 0 ? NULL : mode_slot(m, b);
		if (!s)
			return k >= 0;
		read_estimate(f, len, &s->cls[k]);
	} else if (IS("control")) {
		if (m->control_count == 2)
			return false;
		struct screen_control *c = &m->controls[m->control_count++];
		screen_record_field(f, len, "mode", c->mode, sizeof c->mode);
		screen_record_field(f, len, "verdict", c->verdict, sizeof c->verdict);
		read_estimate(f, len, &c->e);
	} else if (IS("busy_control")) {
		screen_record_field(f, len, "verdict", m->busy_verdict, sizeof m->busy_verdict);
	} else if (IS("stop")) {
		screen_record_field(f, len, "stop_reason", m->stop_reason, sizeof m->stop_reason);
		screen_record_field(f, len, "rounds", m->rounds, sizeof m->rounds);
		screen_record_field(f, len, "elapsed_s", m->elapsed_s, sizeof m->elapsed_s);
	} else if (IS("error")) {
		on_error(m, f, len);
	} else if (IS("mode")) {
		on_mode(m, f, len);
	} else if (IS("workload")) {
		m->calibrating = true;
	} else if (IS("end")) {
		screen_record_field(f, len, "status", a, sizeof a);
		m->ended = true;
		m->ok = !strcmp(a, "ok");
	} else if (IS("idlebench")) {
		m->begun = true;
		size_t v = 0;
		while (v < len && f[v] != ' ')
			v++;
		copy_text(m->version, sizeof m->version, f, v);
	} else {
		return false;
	}
#undef IS
	return true;
}

/* mwait_hint=VALUE among the words of the command line v (n bytes, whole:
 * the kept meta value is cut at SCREEN_META); the last one counts, as in
 * the kernel's parser. */
static void find_mwait_hint(struct screen_model *m, const char *v, size_t n)
{
	static const char key[] = "mwait_hint=";
	const size_t k = sizeof key - 1;

	m->mwait_hint[0] = 0;
	for (size_t i = 0; i + k <= n; i++)
		if ((i == 0 || v[i - 1] == ' ') && !memcmp(v + i, key, k)) {
			size_t e = i + k;
			while (e < n && v[e] != ' ')
				e++;
			copy_text(m->mwait_hint, sizeof m->mwait_hint, v + i + k, e - i - k);
		}
}

static bool on_meta(struct screen_model *m, const char *kv, size_t len)
{
	size_t eq = 0;

	while (eq < len && kv[eq] != '=')
		eq++;
	if (eq == len)
		return false;
	for (int i = 0; i < SCREEN_META_COUNT; i++)
		if (strlen(meta_keys[i]) == eq && !memcmp(kv, meta_keys[i], eq)) {
			copy_text(m->meta[i], SCREEN_META, kv + eq + 1, len - eq - 1);
			if (i == SCREEN_META_CMDLINE)
				find_mwait_hint(m, kv + eq + 1, len - eq - 1);
			return true;
		}
	return false;
}

bool screen_model_line(struct screen_model *m, const char *line, size_t len)
{
	while (len && line[len - 1] == '\r')
		len--;
	if (m->ended)
		return false; /* the stream is over: what follows is not part of it */
	if (is_prefix(line, len, "#! ")) {
		size_t t = 3;
		while (t < len && line[t] != ' ')
			t++;
		size_t f = t < len ? t + 1 : t;
		return on_record(m, line + 3, t - 3, line + f, len - f);
	}
	if (is_prefix(line, len, "#= "))
		return on_meta(m, line + 3, len - 3);
	if (is_prefix(line, len, "#  ")) {
		if (is_prefix(line + 3, len - 3, "progress ["))
			return false; /* the header's bar says it */
		log_text(m, line + 3, len - 3);
		return true;
	}
	if (len && line[0] == '#') {
		log_text(m, line, len);
		return true;
	}
	if (!m->table_started) {
		m->table_started = true; /* the data header */
		return true;
	}
	m->rows++;
	return false;
}

/* Whether text holds word (the kernel's library has no strstr). */
static bool holds(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (; *text; text++)
		if (!strncmp(text, word, n))
			return true;
	return false;
}

void screen_model_message(struct screen_model *m, const char *line, size_t len)
{
	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	if (!len)
		return;
	if (!m->ended) {
		log_text(m, line, len);
		return;
	}
	if (m->after_count == SCREEN_MAX_AFTER) {
		/* Full: the oldest plain message goes, so an ERROR or WARNING (results
		 * not saved, a sibling not handed back) outlives the routine lines
		 * after it ("safe to power off", "press any key"). */
		size_t drop = 0;
		for (size_t i = 0; i < SCREEN_MAX_AFTER; i++)
			if (!holds(m->after[i], "ERROR") && !holds(m->after[i], "WARNING")) {
				drop = i;
				break;
			}
		memmove(m->after[drop], m->after[drop + 1], sizeof m->after[0] * (SCREEN_MAX_AFTER - 1 - drop));
		m->after_count--;
	}
	copy_text(m->after[m->after_count++], SCREEN_LOG_WIDTH + 1, line, len);
}

void screen_model_progress(struct screen_model *m, uint64_t done, uint64_t total, uint64_t elapsed_ms,
			   const struct eta *eta)
{
	m->eta = *eta;
	m->have_progress = true;
	m->done = done;
	m->total = total;
	m->elapsed_ms = elapsed_ms;
}

void screen_model_no_file(struct screen_model *m, const char *why)
{
	copy_text(m->no_file_why, sizeof m->no_file_why, why, strlen(why));
}

void screen_model_result_file(struct screen_model *m, const char *path)
{
	m->result_file_failed = !path;
	copy_text(m->result_file, sizeof m->result_file, path ? path : "", path ? strlen(path) : 0);
}

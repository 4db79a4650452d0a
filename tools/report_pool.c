/* Verified result files → per-machine sample groups (see report_pool.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/stream/schema.h"
#include "tools/report_pool.h"
#include "tools/stream_reader.h"

static void say(char *err, size_t size, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void say(char *err, size_t size, const char *path, const char *fmt, ...)
{
	int n = snprintf(err, size, "%s: ", path);
	if (n < 0 || (size_t)n >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err + n, size - (size_t)n, fmt, ap);
	va_end(ap);
}

/* Read and verify the whole file; NULL (with err set) unless it is an intact stream. */
static struct stream_reader *read_verified(const char *path, char *err, size_t err_size)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		say(err, err_size, path, "%s", strerror(errno));
		return NULL;
	}
	int read_errno;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	if (!r) {
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	if (read_errno) {
		say(err, err_size, path, "read error");
	} else if (stream_reader_result(r) != STREAM_OK) {
		say(err, err_size, path, "%s", stream_reader_message(r));
	} else {
		return r;
	}
	stream_reader_free(r);
	return NULL;
}

static const char *meta_or_empty(const struct stream_reader *r, const char *key)
{
	const char *v = stream_reader_meta(r, key);
	return v ? v : "";
}

static void machine_free(struct report_machine *m)
{
	free(m->cpu_vendor);
	free(m->cpu_family);
	free(m->cpu_model);
	free(m->smbios_product);
	free(m->placement);
	free(m->cpu_brand);
	free(m->hypervisor);
	for (size_t i = 0; i < m->file_count; i++)
		free(m->files[i].path);
	free(m);
}

/* The machine with r's identity, a new one when there is none; NULL when out of room. */
static struct report_machine *machine_for(struct report_pool *pool, const struct stream_reader *r,
					  const char *path, char *err, size_t err_size)
{
	const char *id[5] = { meta_or_empty(r, "cpu_vendor"), meta_or_empty(r, "cpu_family"),
			      meta_or_empty(r, "cpu_model"), meta_or_empty(r, "smbios_product"),
			      meta_or_empty(r, "placement") };
	for (size_t i = 0; i < pool->machine_count; i++) {
		struct report_machine *m = pool->machine[i];
		if (!strcmp(m->cpu_vendor, id[0]) && !strcmp(m->cpu_family, id[1]) && !strcmp(m->cpu_model, id[2]) &&
		    !strcmp(m->smbios_product, id[3]) && !strcmp(m->placement, id[4]))
			return m;
	}
	if (pool->machine_count == REPORT_MAX_MACHINES) {
		say(err, err_size, path, "a %dth machine: a report shows at most %d", REPORT_MAX_MACHINES + 1,
		    REPORT_MAX_MACHINES);
		return NULL;
	}
	struct report_machine *m = calloc(1, sizeof *m);
	if (!m) {
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	m->cpu_vendor = strdup(id[0]);
	m->cpu_family = strdup(id[1]);
	m->cpu_model = strdup(id[2]);
	m->smbios_product = strdup(id[3]);
	m->placement = strdup(id[4]);
	m->cpu_brand = strdup(meta_or_empty(r, "cpu_brand"));
	m->hypervisor = strdup(meta_or_empty(r, "hypervisor"));
	if (!m->cpu_vendor || !m->cpu_family || !m->cpu_model || !m->smbios_product || !m->placement ||
	    !m->cpu_brand || !m->hypervisor) {
		machine_free(m);
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	pool->machine[pool->machine_count++] = m;
	return m;
}

/* Slot of a name: its index in the fixed table when known, else a slot past
 * `known` holding that name or the first free one; -1 when all are taken. */
static int slot_for(const char *name, int known_index, size_t known, char (*names)[REPORT_NAME_MAX],
		    const bool *used, size_t slots)
{
	if (known_index >= 0)
		return known_index;
	for (size_t s = known; s < slots; s++)
		if (used[s] && !strcmp(names[s], name))
			return (int)s;
	for (size_t s = known; s < slots; s++)
		if (!used[s])
			return (int)s;
	return -1;
}

/* A whole-field unsigned decimal integer. */
static bool parse_count(const char *s, unsigned long long *v)
{
	if (*s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && errno == 0;
}

/* A whole-field decimal number (the kernel writes fmt_fixed output). */
static bool parse_number(const char *s, double *v)
{
	if (!*s || ((*s < '0' || *s > '9') && *s != '-'))
		return false;
	char *end;
	*v = strtod(s, &end);
	return !*end;
}

/* One verified sample row, checked before anything is stored. */
struct parsed_row {
	int w, m;
	bool ok;
	double cpi, eff, c0;
	bool have_eff, have_c0;
};

/* Parse row i of r for machine m (slots are claimed here). */
static bool parse_row(struct report_machine *m, const struct stream_reader *r, size_t i, struct parsed_row *p,
		      const char *path, char *err, size_t err_size)
{
	const char *const *f = stream_reader_row(r, i);
	const char *wl = f[STREAM_COLUMN_workload], *mode = f[STREAM_COLUMN_mode], *cls = f[STREAM_COLUMN_class];
	if (strlen(wl) >= REPORT_NAME_MAX || !*wl || strlen(mode) >= REPORT_NAME_MAX || !*mode) {
		say(err, err_size, path, "data row %zu: workload '%s' or mode '%s' is empty or longer than %d bytes",
		    i + 1, wl, mode, REPORT_NAME_MAX - 1);
		return false;
	}
	p->w = slot_for(wl, workload_find(wl), WORKLOAD_MAX, m->workload_name, m->workload_used,
			REPORT_WORKLOAD_SLOTS);
	enum idle_mode known = idle_mode_from_name(mode, strlen(mode));
	p->m = slot_for(mode, known < IDLE_MODE_COUNT ? (int)known : -1, IDLE_MODE_COUNT, m->mode_name,
			m->mode_used, REPORT_MODE_SLOTS);
	if (p->w < 0 || p->m < 0) {
		say(err, err_size, path, "data row %zu: too many workloads or modes unknown to this build (%s, %s)",
		    i + 1, wl, mode);
		return false;
	}
	if (m->workload_used[p->w] && strcmp(m->workload_class[p->w], cls)) {
		say(err, err_size, path, "data row %zu: workload %s has class %s here but %s before", i + 1, wl, cls,
		    m->workload_class[p->w]);
		return false;
	}
	if (strlen(cls) >= sizeof m->workload_class[0]) {
		say(err, err_size, path, "data row %zu: class '%s' is neither int nor fp", i + 1, cls);
		return false;
	}
	unsigned long long cycles, iterations;
	if (!parse_count(f[STREAM_COLUMN_tsc_cycles], &cycles) ||
	    !parse_count(f[STREAM_COLUMN_iterations], &iterations) || iterations == 0) {
		say(err, err_size, path, "data row %zu: tsc_cycles '%s' / iterations '%s' is not a cycle count per iteration",
		    i + 1, f[STREAM_COLUMN_tsc_cycles], f[STREAM_COLUMN_iterations]);
		return false;
	}
	/* The same double the kernel's summary uses (kernel/experiment/experiment.c),
	 * not the rounded cycles_per_iter text. */
	p->cpi = (double)cycles / (double)iterations;
	p->have_eff = *f[STREAM_COLUMN_eff_mhz] != '\0';
	p->have_c0 = *f[STREAM_COLUMN_sib_c0_pct] != '\0';
	if ((p->have_eff && !parse_number(f[STREAM_COLUMN_eff_mhz], &p->eff)) ||
	    (p->have_c0 && !parse_number(f[STREAM_COLUMN_sib_c0_pct], &p->c0))) {
		say(err, err_size, path, "data row %zu: eff_mhz '%s' or sib_c0_pct '%s' is not a number", i + 1,
		    f[STREAM_COLUMN_eff_mhz], f[STREAM_COLUMN_sib_c0_pct]);
		return false;
	}
	if (strcmp(f[STREAM_COLUMN_check], "ok") && strcmp(f[STREAM_COLUMN_check], "bad")) {
		say(err, err_size, path, "data row %zu: check '%s' is neither ok nor bad", i + 1,
		    f[STREAM_COLUMN_check]);
		return false;
	}
	p->ok = !strcmp(f[STREAM_COLUMN_check], "ok");
	if (p->ok && m->group[p->w][p->m].n == STATS_MAX_SAMPLES) {
		say(err, err_size, path, "more than %d samples of %s in mode %s: pool fewer runs", STATS_MAX_SAMPLES,
		    wl, mode);
		return false;
	}
	/* Claim the slots now so later rows of this file find them. */
	if (!m->workload_used[p->w]) {
		m->workload_used[p->w] = true;
		strcpy(m->workload_name[p->w], wl);
		strcpy(m->workload_class[p->w], cls);
	}
	if (!m->mode_used[p->m]) {
		m->mode_used[p->m] = true;
		strcpy(m->mode_name[p->m], mode);
	}
	return true;
}

bool report_pool_add_file(struct report_pool *pool, const char *path, char *err, size_t err_size)
{
	struct stream_reader *r = read_verified(path, err, err_size);
	if (!r)
		return false;
	struct report_machine *m = machine_for(pool, r, path, err, err_size);
	bool ok = m != NULL;
	if (ok && m->file_count == REPORT_MAX_FILES) {
		say(err, err_size, path, "more than %d files of one machine", REPORT_MAX_FILES);
		ok = false;
	}
	/* Work on a copy so a file rejected half-way adds nothing. */
	struct report_machine *copy = ok ? malloc(sizeof *copy) : NULL;
	if (ok && !copy) {
		say(err, err_size, path, "out of memory");
		ok = false;
	}
	if (ok)
		memcpy(copy, m, sizeof *copy);
	size_t rows = stream_reader_row_count(r);
	for (size_t i = 0; ok && i < rows; i++) {
		struct parsed_row p = { .w = 0 };
		ok = parse_row(copy, r, i, &p, path, err, err_size);
		if (!ok)
			break;
		struct report_group *g = &copy->group[p.w][p.m];
		copy->rows++;
		if (!p.ok) {
			g->bad++;
			copy->bad_rows++;
			continue;
		}
		g->cpi[g->n++] = p.cpi;
		if (p.have_eff)
			g->eff_mhz[g->n_eff++] = p.eff;
		if (p.have_c0)
			g->sib_c0[g->n_c0++] = p.c0;
	}
	if (ok) {
		char *path_copy = strdup(path);
		if (!path_copy) {
			say(err, err_size, path, "out of memory");
			ok = false;
		} else {
			copy->files[copy->file_count].path = path_copy;
			copy->files[copy->file_count].rows = rows;
			copy->file_count++;
			memcpy(m, copy, sizeof *m);
		}
	}
	/* A machine created for a file that was then rejected is dropped again. */
	if (m && m->file_count == 0) {
		machine_free(m);
		pool->machine_count--;
	}
	free(copy);
	stream_reader_free(r);
	return ok;
}

void report_pool_free(struct report_pool *pool)
{
	for (size_t i = 0; i < pool->machine_count; i++)
		machine_free(pool->machine[i]);
	pool->machine_count = 0;
}

void report_machine_identity(const struct report_machine *m, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s family %s model %s", *m->cpu_vendor ? m->cpu_vendor : "unknown CPU",
			 *m->cpu_family ? m->cpu_family : "?", *m->cpu_model ? m->cpu_model : "?");
	if (n >= 0 && (size_t)n < size && *m->smbios_product)
		n += snprintf(buf + n, size - (size_t)n, ", %s", m->smbios_product);
	if (n >= 0 && (size_t)n < size && *m->placement)
		snprintf(buf + n, size - (size_t)n, ", placement %s", m->placement);
}

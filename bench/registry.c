/* The one table of workloads, lookup, and the `workloads=` selection parser.
 * Freestanding: the parser writes its error text with a tiny bounded string
 * builder instead of snprintf. */
#include "bench/probe.h"
#include "bench/workload.h"
#include "lib/mem.h"

/* Registry order is the order of the CSV rows and of the generated checksum
 * table: integer kernels first, then floating point, then the probe families
 * of bench/probe.h in their order (each family's variants in sweep order). */
static const struct workload *const programs[] = {
	&workload_lz,
	&workload_hash,
	&workload_sort,
	&workload_shortest_path,
	&workload_alphabeta,
	&workload_interp,
	&workload_sudoku,
	&workload_bignum,
	&workload_pointer_chase,
	&workload_matmul,
	&workload_stencil,
	&workload_nbody,
	&workload_fft,
	&workload_lbm,
	&workload_raytrace,
	&workload_lu,
	&workload_montecarlo,
	&workload_whetstone,
};

#define PROGRAM_COUNT (sizeof programs / sizeof programs[0])
#define PROBE_COUNT (PROBE_ROB_VARIANTS + PROBE_MLP_VARIANTS + PROBE_STREAM_VARIANTS + PROBE_SQ_VARIANTS)
#define WORKLOAD_COUNT (PROGRAM_COUNT + PROBE_COUNT)
_Static_assert(WORKLOAD_COUNT <= WORKLOAD_MAX, "raise WORKLOAD_MAX in bench/workload.h");

size_t workload_count(void)
{
	return WORKLOAD_COUNT;
}

const struct workload *workload_at(size_t index)
{
	if (index < PROGRAM_COUNT)
		return programs[index];
	index -= PROGRAM_COUNT;
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		if (index < fam->count)
			return &fam->variants[index];
		index -= fam->count;
	}
	return NULL;
}

size_t workload_arena_bytes(const struct workload *w, uint64_t llc_bytes)
{
	return w->arena_for_llc ? w->arena_for_llc(llc_bytes) : w->arena_bytes;
}

const char *workload_arena_skip_reason(const struct workload *w, uint64_t llc_bytes, size_t available)
{
	size_t need = workload_arena_bytes(w, llc_bytes);
	if (!need)
		return "the last-level cache size is unknown, so the arena cannot be sized to 4 x LLC";
	if (need > available)
		return "not enough memory for an arena of 4 x the last-level cache";
	return NULL;
}

/* Local strlen: bench/ links nothing but memcpy/memset/memmove/memcmp
 * (tests/unit/bench/check_freestanding.sh enforces it). */
static size_t str_len(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

/* Compare a NUL-terminated name with the n-character item at s. */
static bool name_equals(const char *name, const char *s, size_t n)
{
	return str_len(name) == n && memcmp(name, s, n) == 0;
}

static int find_n(const char *s, size_t n)
{
	for (size_t i = 0; i < WORKLOAD_COUNT; i++)
		if (name_equals(workload_at(i)->name, s, n))
			return (int)i;
	return -1;
}

/* The probe family called by the n characters at s, or NULL. */
static const struct probe_family *family_n(const char *s, size_t n)
{
	for (size_t f = 0; f < probe_family_count(); f++)
		if (name_equals(probe_family_at(f)->name, s, n))
			return probe_family_at(f);
	return NULL;
}

int workload_find(const char *name)
{
	return find_n(name, str_len(name));
}

const char *workload_class_name(enum workload_class class)
{
	switch (class) {
	case WORKLOAD_INT:   return "int";
	case WORKLOAD_FP:    return "fp";
	case WORKLOAD_PROBE: return "probe";
	}
	return "?";
}

const char *workload_select_error_name(enum workload_select_error e)
{
	switch (e) {
	case WORKLOAD_SELECT_OK:         return "WORKLOAD_SELECT_OK";
	case WORKLOAD_SELECT_EMPTY:      return "WORKLOAD_SELECT_EMPTY";
	case WORKLOAD_SELECT_EMPTY_ITEM: return "WORKLOAD_SELECT_EMPTY_ITEM";
	case WORKLOAD_SELECT_UNKNOWN:    return "WORKLOAD_SELECT_UNKNOWN";
	}
	return "WORKLOAD_SELECT_?";
}

/* Bounded string builder: appends while room remains, always NUL-terminated. */
struct text {
	char *buf;
	size_t size, len;
};

static void text_put(struct text *t, const char *s, size_t n)
{
	for (size_t i = 0; i < n && t->len + 1 < t->size; i++)
		t->buf[t->len++] = s[i];
	if (t->size)
		t->buf[t->len] = '\0';
}

static void text_puts(struct text *t, const char *s)
{
	text_put(t, s, str_len(s));
}

static void write_error(char *err, size_t err_size, const char *what, const char *item, size_t item_len)
{
	struct text t = { err, err_size, 0 };

	text_puts(&t, what);
	if (item) {
		text_puts(&t, " '");
		text_put(&t, item, item_len);
		text_puts(&t, "'");
	}
	text_puts(&t, "; valid: all, int, fp");
	for (size_t i = 0; i < PROGRAM_COUNT; i++) {
		text_puts(&t, ", ");
		text_puts(&t, programs[i]->name);
	}
	/* The probes by family, each with its first and last variant. */
	text_puts(&t, ", probe");
	for (size_t f = 0; f < probe_family_count(); f++) {
		const struct probe_family *fam = probe_family_at(f);
		text_puts(&t, ", ");
		text_puts(&t, fam->name);
		text_puts(&t, " (");
		text_puts(&t, fam->variants[0].name);
		if (fam->count > 1) {
			text_puts(&t, "..");
			text_puts(&t, fam->variants[fam->count - 1].name);
		}
		text_puts(&t, ")");
	}
}

/* Select every workload of class, or with all every int and fp one. */
static void select_class(struct workload_selection *sel, bool all, enum workload_class class)
{
	for (size_t i = 0; i < WORKLOAD_COUNT; i++) {
		enum workload_class c = workload_at(i)->class;
		if (all ? c != WORKLOAD_PROBE : c == class)
			sel->selected[i] = true;
	}
}

static void select_family(struct workload_selection *sel, const struct probe_family *fam)
{
	for (size_t i = 0; i < WORKLOAD_COUNT; i++)
		if (workload_at(i)->probe_family && name_equals(fam->name, workload_at(i)->probe_family,
		                                                str_len(workload_at(i)->probe_family)))
			sel->selected[i] = true;
}

enum workload_select_error workload_select(const char *spec, struct workload_selection *sel,
                                           char *err, size_t err_size)
{
	memset(sel, 0, sizeof *sel);
	if (err_size)
		err[0] = '\0';
	if (!spec || !*spec) {
		write_error(err, err_size, "empty workload list", NULL, 0);
		return WORKLOAD_SELECT_EMPTY;
	}
	for (const char *item = spec;;) {
		size_t n = 0;
		while (item[n] && item[n] != ',')
			n++;
		if (n == 0) {
			memset(sel, 0, sizeof *sel);
			write_error(err, err_size, "empty item in workload list", NULL, 0);
			return WORKLOAD_SELECT_EMPTY_ITEM;
		}
		int index;
		const struct probe_family *fam;
		if (name_equals("all", item, n)) {
			select_class(sel, true, WORKLOAD_INT);
		} else if (name_equals("int", item, n)) {
			select_class(sel, false, WORKLOAD_INT);
		} else if (name_equals("fp", item, n)) {
			select_class(sel, false, WORKLOAD_FP);
		} else if (name_equals("probe", item, n)) {
			select_class(sel, false, WORKLOAD_PROBE);
		} else if ((fam = family_n(item, n)) != NULL) {
			select_family(sel, fam);
		} else if ((index = find_n(item, n)) >= 0) {
			sel->selected[index] = true;
		} else {
			memset(sel, 0, sizeof *sel);
			write_error(err, err_size, "unknown workload", item, n);
			return WORKLOAD_SELECT_UNKNOWN;
		}
		if (!item[n])
			break;
		item += n + 1;
	}
	for (size_t i = 0; i < WORKLOAD_COUNT; i++)
		sel->count += sel->selected[i];
	return WORKLOAD_SELECT_OK;
}

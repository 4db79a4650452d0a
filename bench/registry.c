/* The one table of workloads, lookup, and the `workloads=` selection parser.
 * Freestanding: the parser writes its error text with a tiny bounded string
 * builder instead of snprintf. */
#include "bench/workload.h"
#include "kernel/lib/mem.h"

/* Registry order is the order of the CSV rows and of the generated checksum
 * table: integer kernels first, then floating point. */
static const struct workload *const workloads[] = {
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

#define WORKLOAD_COUNT (sizeof workloads / sizeof workloads[0])
_Static_assert(WORKLOAD_COUNT <= WORKLOAD_MAX, "raise WORKLOAD_MAX in bench/workload.h");

size_t workload_count(void)
{
	return WORKLOAD_COUNT;
}

const struct workload *workload_at(size_t index)
{
	return index < WORKLOAD_COUNT ? workloads[index] : NULL;
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
		if (name_equals(workloads[i]->name, s, n))
			return (int)i;
	return -1;
}

int workload_find(const char *name)
{
	return find_n(name, str_len(name));
}

const char *workload_class_name(enum workload_class class)
{
	return class == WORKLOAD_FP ? "fp" : "int";
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
	for (size_t i = 0; i < WORKLOAD_COUNT; i++) {
		text_puts(&t, ", ");
		text_puts(&t, workloads[i]->name);
	}
}

static void select_class(struct workload_selection *sel, bool all, enum workload_class class)
{
	for (size_t i = 0; i < WORKLOAD_COUNT; i++)
		if (all || workloads[i]->class == class)
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
		if (name_equals("all", item, n)) {
			select_class(sel, true, WORKLOAD_INT);
		} else if (name_equals("int", item, n)) {
			select_class(sel, false, WORKLOAD_INT);
		} else if (name_equals("fp", item, n)) {
			select_class(sel, false, WORKLOAD_FP);
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

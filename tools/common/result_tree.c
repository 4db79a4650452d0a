/* Files and directory trees → verified streams, each file not used named once (see result_tree.h). */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/common/grow.h"
#include "tools/common/result_tree.h"
#include "tools/common/same_boot.h"

#define INCOMPLETE_SUFFIX "-INCOMPLETE.csv"

/* A taken file, for the duplicate rule (tools/common/same_boot.h). */
struct taken_boot {
	struct same_boot id;
	char *path;
};

/* A directory searched already, by device and inode. */
struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct walk {
	result_tree_fn fn;
	result_tree_path_fn path_fn; /* result_tree_list: each candidate's path, nothing read */
	void *ctx;
	FILE *err;
	int taken;
	size_t skipped;       /* files named as not used */
	bool fatal;
	bool copies_to_fn;    /* result_tree_walk_with_copies: no duplicate rule here */
	struct taken_boot *boot;
	size_t boot_count, boot_cap;
	size_t *slot;         /* open addressing on crc32: index + 1 into boot, 0 empty */
	size_t slot_cap;      /* a power of two, at most half full */
	struct dir_id *dir;
	size_t dir_count, dir_cap;
};

/* "idlebench report: " once a command has said its name; "" before. */
static char command_prefix[64];

void result_tree_set_command(const char *name)
{
	snprintf(command_prefix, sizeof command_prefix, name ? "idlebench %s: " : "%s", name ? name : "");
}

const char *result_tree_prefix(void)
{
	return command_prefix;
}

__attribute__((format(printf, 3, 4)))
static void skip(struct walk *w, const char *path, const char *fmt, ...)
{
	fprintf(w->err, "%s%s: skipped, ", command_prefix, path);
	w->skipped++;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(w->err, fmt, ap);
	va_end(ap);
	fputc('\n', w->err);
}

static void fatal(struct walk *w, const char *what)
{
	fprintf(w->err, "%s%s\n", *command_prefix ? command_prefix : "result tree: ", what);
	w->fatal = true;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

/* The taken file of this boot, or NULL. */
static const struct taken_boot *find_boot(const struct walk *w, const struct same_boot *id)
{
	for (size_t i = id->crc32 & (w->slot_cap - 1); w->slot_cap && w->slot[i]; i = (i + 1) & (w->slot_cap - 1)) {
		const struct taken_boot *b = &w->boot[w->slot[i] - 1];
		if (same_boot(&b->id, id))
			return b;
	}
	return NULL;
}

static void insert_slot(size_t *slot, size_t cap, uint32_t crc, size_t index)
{
	size_t i = crc & (cap - 1);
	while (slot[i])
		i = (i + 1) & (cap - 1);
	slot[i] = index + 1;
}

static bool remember_boot(struct walk *w, const struct same_boot *id, const char *path)
{
	struct taken_boot *b = grow(w->boot, &w->boot_cap, w->boot_count + 1, sizeof *b, 64);
	if (!b)
		return false;
	w->boot = b;
	if (2 * (w->boot_count + 1) > w->slot_cap) {
		size_t cap = w->slot_cap ? w->slot_cap * 2 : 128;
		size_t *slot = calloc(cap, sizeof *slot);
		if (!slot)
			return false;
		for (size_t i = 0; i < w->boot_count; i++)
			insert_slot(slot, cap, w->boot[i].id.crc32, i);
		free(w->slot);
		w->slot = slot;
		w->slot_cap = cap;
	}
	char *copy = strdup(path);
	if (!copy)
		return false;
	w->boot[w->boot_count] = (struct taken_boot){ *id, copy };
	insert_slot(w->slot, w->slot_cap, id->crc32, w->boot_count++);
	return true;
}

/* Why a stream the reader did not verify is not used. */
static void skip_unverified(struct walk *w, const char *path, const struct stream_reader *r)
{
	switch (stream_reader_result(r)) {
	case STREAM_ERR_NO_HEADER:
		skip(w, path, "not a stream: no `#! idlebench` header anywhere");
		break;
	case STREAM_ERR_SCHEMA:
		skip(w, path, "another schema: %s (this build reads schemas %d to %d)", stream_reader_message(r),
		     STREAM_READER_SCHEMA_OLDEST, STREAM_READER_SCHEMA_NEWEST);
		break;
	case STREAM_ERR_TRUNCATED:
	case STREAM_ERR_RESTARTED:
	case STREAM_ERR_CRC:
	case STREAM_ERR_ROW_COUNT:
		skip(w, path, "INCOMPLETE: %s", stream_reader_message(r));
		break;
	default:
		skip(w, path, "not a valid stream: %s", stream_reader_message(r));
	}
}

/* Read one candidate file and hand it to the callback unless it is not used. */
static void take_file(struct walk *w, const char *path)
{
	if (ends_with(path, INCOMPLETE_SUFFIX)) {
		skip(w, path, "INCOMPLETE: the name idlebench capture gives a stream without a verified end record");
		return;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		skip(w, path, "unreadable: %s", strerror(errno));
		return;
	}
	int read_errno = 0;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	if (!r) {
		fatal(w, "out of memory");
		return;
	}
	if (read_errno) {
		skip(w, path, "unreadable: %s", strerror(read_errno));
	} else if (stream_reader_result(r) != STREAM_OK) {
		skip_unverified(w, path, r);
	} else {
		struct same_boot id;
		same_boot_of(r, &id);
		const struct taken_boot *twin = w->copies_to_fn ? NULL : find_boot(w, &id);
		if (twin) {
			skip(w, path, "duplicate: the same boot as %s (end record crc32=%08x, %zu rows)", twin->path, id.crc32,
			     id.rows);
		} else {
			enum result_tree_verdict v = w->fn(path, r, w->ctx);
			if (v == RESULT_TREE_FATAL) {
				w->fatal = true;
			} else if (v == RESULT_TREE_REFUSED) {
				w->skipped++;
			} else if (v == RESULT_TREE_TAKEN) {
				if (w->copies_to_fn || remember_boot(w, &id, path))
					w->taken++;
				else
					fatal(w, "out of memory");
			}
		}
	}
	stream_reader_free(r);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int not_dots(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

static void walk_path(struct walk *w, const char *path, bool named);

/* A directory: once per (device, inode), its entries in name order. */
static void walk_dir(struct walk *w, const char *path, const struct stat *st)
{
	for (size_t i = 0; i < w->dir_count; i++)
		if (w->dir[i].dev == st->st_dev && w->dir[i].ino == st->st_ino) {
			/* a note, no skip: no file is left out, and a tree with a
			 * `latest ->` link would otherwise fail every nightly export */
			fprintf(w->err, "%s%s: note, a directory already searched (a symlink loop, or a second link to it): "
					"not searched again\n", command_prefix, path);
			return;
		}
	struct dir_id *d = grow(w->dir, &w->dir_cap, w->dir_count + 1, sizeof *d, 16);
	if (!d) {
		fatal(w, "out of memory");
		return;
	}
	w->dir = d;
	w->dir[w->dir_count++] = (struct dir_id){ st->st_dev, st->st_ino };
	struct dirent **list;
	int n = scandir(path, &list, not_dots, by_name);
	if (n < 0) {
		skip(w, path, "unreadable: %s", strerror(errno));
		return;
	}
	size_t len = strlen(path);
	bool slash = len && path[len - 1] == '/';
	for (int i = 0; i < n; i++) {
		if (!w->fatal) {
			size_t size = len + 2 + strlen(list[i]->d_name);
			char *child = malloc(size);
			if (child) {
				snprintf(child, size, "%s%s%s", path, slash ? "" : "/", list[i]->d_name);
				walk_path(w, child, false);
				free(child);
			} else {
				fatal(w, "out of memory");
			}
		}
		free(list[i]);
	}
	free(list);
}

static void walk_path(struct walk *w, const char *path, bool named)
{
	struct stat st;
	bool candidate = named || ends_with(path, ".csv");
	if (named && !strcmp(path, "-") && w->path_fn) {
		if (!w->path_fn(path, w->ctx))
			w->fatal = true;
		return;
	}
	if (named && !strcmp(path, "-")) {
		skip(w, path, "stdin: these commands read files (save a stream with idlebench capture)");
		return;
	}
	if (stat(path, &st)) {
		if (named && w->path_fn) {
			if (!w->path_fn(path, w->ctx)) /* its reader names why it cannot be opened */
				w->fatal = true;
		} else if (candidate)
			skip(w, path, "unreadable: %s", strerror(errno));
		return;
	}
	if (S_ISDIR(st.st_mode))
		walk_dir(w, path, &st);
	else if (candidate && !named && !S_ISREG(st.st_mode))
		skip(w, path, "unreadable: not a regular file (a FIFO or device in a tree is not opened)");
	else if (candidate && w->path_fn) {
		if (!w->path_fn(path, w->ctx))
			w->fatal = true;
	} else if (candidate)
		take_file(w, path);
}

int result_tree_walk(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err)
{
	return result_tree_walk_counted(paths, n, fn, ctx, err, NULL);
}

static int walk_streams(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err, size_t *skipped,
			bool copies_to_fn)
{
	struct walk w = { .fn = fn, .ctx = ctx, .err = err, .copies_to_fn = copies_to_fn };
	for (int i = 0; i < n && !w.fatal; i++)
		walk_path(&w, paths[i], true);
	for (size_t i = 0; i < w.boot_count; i++)
		free(w.boot[i].path);
	free(w.boot);
	free(w.slot);
	free(w.dir);
	if (skipped)
		*skipped = w.skipped;
	return w.fatal ? -1 : w.taken;
}

int result_tree_walk_counted(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err, size_t *skipped)
{
	return walk_streams(paths, n, fn, ctx, err, skipped, false);
}

int result_tree_walk_with_copies(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err, size_t *skipped)
{
	return walk_streams(paths, n, fn, ctx, err, skipped, true);
}

int result_tree_list(char *const paths[], int n, result_tree_path_fn fn, void *ctx, FILE *err)
{
	struct walk w = { .path_fn = fn, .ctx = ctx, .err = err };
	for (int i = 0; i < n && !w.fatal; i++)
		walk_path(&w, paths[i], true);
	free(w.dir);
	return w.fatal ? -1 : (int)w.skipped;
}

/* The walker every command that reads many result files uses (`report
 * --by=machine`, `export --sqlite`): it turns the paths a user gives — files
 * and directory trees of thousands of captures — into verified streams, one
 * at a time, and names every file it does not use once, with the reason.
 *
 * Rules (docs/cli.md, "The fleet view"):
 * - A path named on the command line is read whatever its name (a FIFO from a
 *   shell's `<(…)` included); "-" is refused (these commands read files, not
 *   stdin: save a stream with `idlebench capture`).
 * - A directory is searched recursively, entries in strcmp order of their
 *   names (the same order on every machine and locale, so output and database
 *   rows are reproducible). Symlinks are followed; a directory reached a
 *   second time (a symlink loop, or two links to one tree) is not searched
 *   again, and named on err as "PATH: note, …" (after the command's prefix, result_tree_set_command): a note, not a skipped file
 *   (no file is left out by it). Inside a directory only regular files whose name ends `.csv` are
 *   candidates (a tree of captures also holds PNGs, logs, notes); a `.csv`
 *   entry that is not a regular file (a dangling symlink, a FIFO, a device) is
 *   unreadable, not opened: opening a FIFO nobody writes would hang.
 * - A candidate is not used, and named on err as "PATH: skipped, REASON", when
 *   it is: unreadable (the errno text); INCOMPLETE (named `…-INCOMPLETE.csv`,
 *   which is how `idlebench capture` saves a stream without a verified end;
 *   or the stream stops before its end record, restarts, or fails its CRC-32
 *   or row count); of another schema than this reader reads; not a stream;
 *   a stream that breaks another rule of the reader; the same boot as a file
 *   already taken (tools/common/same_boot.h: a boot counted twice would
 *   narrow every interval);
 *   or refused by the caller's callback (which then names it itself).
 * - Only one stream is in memory at a time: the walker keeps, per taken file,
 *   its path and same_boot identity; what else survives is the callback's. */
#ifndef IDLEBENCH_TOOLS_RESULT_TREE_H
#define IDLEBENCH_TOOLS_RESULT_TREE_H

#include <stdbool.h>
#include <stdio.h>

#include "tools/common/stream_reader.h"

/* What a callback did with a verified stream. */
enum result_tree_verdict {
	RESULT_TREE_FATAL = -1,   /* stop the walk (out of memory, a write failed): the walk returns -1 */
	RESULT_TREE_REFUSED = 0,  /* not used; the callback has named the file and its reason itself */
	RESULT_TREE_TAKEN = 1,    /* used: counted, and later copies of this boot are duplicates of it */
};

/* Called once per verified stream, in walk order. The stream is the walker's
 * and freed when the callback returns: copy what must outlive the call. */
typedef enum result_tree_verdict (*result_tree_fn)(const char *path, struct stream_reader *stream, void *ctx);

/* Walk paths[0..n-1] as described above, calling fn(path, stream, ctx) for
 * each verified stream not already taken, naming each file not used once on
 * err. Returns the number of files taken, or -1 on a fatal error (out of
 * memory, or fn returned RESULT_TREE_FATAL; the reason is on err). */
int result_tree_walk(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err);
/* The same, with *skipped (when not NULL) the number of files not used: those
 * named "skipped" and those the callback refused; notes are not counted. */
int result_tree_walk_counted(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err, size_t *skipped);
/* result_tree_walk_counted less the duplicate rule: a second copy of a boot
 * goes to fn like any verified stream, for a caller that keeps its boots
 * itself and names a copy as such (`export --sqlite`: a boot already in the
 * database, which exits 0). */
int result_tree_walk_with_copies(char *const paths[], int n, result_tree_fn fn, void *ctx, FILE *err, size_t *skipped);

/* The command the walk's lines are about: after result_tree_set_command("report")
 * every line the walker writes starts "idlebench report: " (the prefix of
 * every error of the host CLI), and result_tree_prefix() is that text, for
 * the lines a callback writes itself. Before (or with NULL): no prefix. */
void result_tree_set_command(const char *name);
const char *result_tree_prefix(void);

/* The same walk over names only, for a command that reads each file itself
 * (`check`, which verifies files, not boots: no duplicate rule, "-" is
 * stdin, a file named INCOMPLETE is read and its own fault named): fn(path,
 * ctx) for each candidate a walk would read ("-" included), in walk order;
 * a directory that cannot be read, or a `.csv` entry that is not a regular
 * file, is named on err as "PATH: skipped, unreadable: …" and not handed
 * to fn. fn returns false to stop (out of memory). Returns the number of
 * such paths named on err, or -1 when fn stopped the walk. */
typedef bool (*result_tree_path_fn)(const char *path, void *ctx);
int result_tree_list(char *const paths[], int n, result_tree_path_fn fn, void *ctx, FILE *err);

#endif

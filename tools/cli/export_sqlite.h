/* `idlebench export --sqlite DB PATH...`: verified result streams into an
 * SQLite database (libsqlite3), one boot per stream, tables and rules in
 * docs/stream-format.md "The results database". */
#ifndef IDLEBENCH_TOOLS_EXPORT_SQLITE_H
#define IDLEBENCH_TOOLS_EXPORT_SQLITE_H

#include <stddef.h>
#include <stdio.h>

/* Add the streams of paths[0..n) (files, and directories searched for *.csv
 * recursively) to the database at db_path, created when absent. A boot
 * already there is named on err and not inserted again; a file that is not
 * a verified stream is named on err with the reason and skipped. One line
 * of counts goes to out. Returns 0 when every file was added or already
 * there, 1 when a file was skipped or the database could not be used. */
int export_sqlite(const char *db_path, const char *const *paths, size_t n, FILE *out, FILE *err);

#endif

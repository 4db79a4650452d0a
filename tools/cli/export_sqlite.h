/* `idlebench export --sqlite DB PATH...`: verified result streams into an
 * SQLite database (libsqlite3), one boot per stream, tables and rules in
 * docs/stream-format.md "The results database". */
#ifndef IDLEBENCH_TOOLS_EXPORT_SQLITE_H
#define IDLEBENCH_TOOLS_EXPORT_SQLITE_H

#include <stdio.h>

/* Add the streams of paths[0..n) (files, and directories searched for *.csv
 * recursively: tools/common/result_tree.h) to the database at db_path,
 * created when absent, in one transaction. A boot already there is named on
 * err and not inserted again, and so is a second copy of one boot within the
 * paths; a file not used (not a verified stream) is named on err with the
 * reason. One line of
 * counts goes to out. Returns 0 when every file was added or already there,
 * 1 when a file was not used or the database could not be used (then
 * nothing is written). */
int export_sqlite(const char *db_path, char *const paths[], int n, FILE *out, FILE *err);

#endif

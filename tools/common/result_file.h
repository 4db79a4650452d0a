/* Saving a result stream under a directory with the one naming scheme
 * (lib/result_name.h): the bytes go to a hidden temporary file in
 * that directory first, and only a finished stream is moved to its name,
 * the first free one reserved with O_EXCL, so no existing result is ever
 * overwritten and a half-written file never carries a result's name. Used
 * by `idlebench capture` and `idlebench linux --out-dir`. */
#ifndef IDLEBENCH_TOOLS_RESULT_FILE_H
#define IDLEBENCH_TOOLS_RESULT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "lib/result_name.h"
#include "tools/common/stream_reader.h"

/* A stream being saved. */
struct result_file {
	const char *dir;
	char temp[4096];     /* DIR/.capture-XXXXXX while being written, "" before */
	FILE *f;
};

/* Create dir (and its parents) and the temporary file; 0, or -1 with errno. */
int result_file_create(struct result_file *rf, const char *dir);

/* Close the temporary file and move it to the first free
 * DIR/<name>[-N][-INCOMPLETE].csv for metadata m and time when; the path
 * goes to out. 0, or -1 with errno (the stream then stays in rf->temp). */
int result_file_publish(struct result_file *rf, const struct result_name_meta *m, time_t when, bool complete,
			char *out, size_t size);

/* The name's metadata from a reader's parsed `#=` lines. */
void result_name_meta_from_reader(const struct stream_reader *r, struct result_name_meta *m);

#endif

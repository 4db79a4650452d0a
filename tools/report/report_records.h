/* Every record and metadata key of each boot of a set, for the HTML page
 * (tools/report/report_html.h). The pool (tools/report/report_pool.h) keeps only what the
 * analysis needs; the page also shows the metadata, the `#! mode`, `#! wake`,
 * `#! probe`, `#! summary` and the kernel's own `#! primary` records, so it
 * reads each boot's file again through the stream reader, verified as before. */
#ifndef IDLEBENCH_TOOLS_REPORT_RECORDS_H
#define IDLEBENCH_TOOLS_REPORT_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "tools/report/report_pool.h"
#include "tools/common/stream_reader.h"

/* One verified reader per boot of a set, in the set's boot order. */
struct report_records {
	size_t boots;
	struct stream_reader *boot[REPORT_MAX_BOOTS];
};

/* Read every boot of s again into out; false (err names the file and why,
 * out released) when a file no longer reads as an intact stream. */
bool report_records_load(const struct report_set *s, struct report_records *out, char *err, size_t err_size);
/* Release the readers (out itself is the caller's). */
void report_records_free(struct report_records *out);
/* The first record of type with key=value in reader r, from index *at
 * on (*at is left after it, for the next call); NULL when there is none.
 * key NULL matches every record of the type. */
const struct stream_record *report_records_next(const struct stream_reader *r, const char *type, const char *key,
						const char *value, size_t *at);

#endif

/* Each boot's records read again for the HTML page (see report_records.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tools/report/report_records.h"

bool report_records_load(const struct report_set *s, struct report_records *out, char *err, size_t err_size)
{
	out->boots = 0;
	for (size_t i = 0; i < s->boot_count; i++) {
		const char *path = s->boot[i].path;
		FILE *f = fopen(path, "rb");
		if (!f) {
			snprintf(err, err_size, "%s: %s", path, strerror(errno));
			report_records_free(out);
			return false;
		}
		int read_errno;
		struct stream_reader *r = stream_reader_read_file(f, &read_errno);
		fclose(f);
		if (!r || read_errno || stream_reader_result(r) != STREAM_OK) {
			snprintf(err, err_size, "%s: %s", path,
				 !r ? "out of memory" : read_errno ? "read error" : stream_reader_message(r));
			stream_reader_free(r);
			report_records_free(out);
			return false;
		}
		out->boot[out->boots++] = r;
	}
	return true;
}

void report_records_free(struct report_records *out)
{
	for (size_t i = 0; i < out->boots; i++)
		stream_reader_free(out->boot[i]);
	out->boots = 0;
}

const struct stream_record *report_records_next(const struct stream_reader *r, const char *type, const char *key,
						const char *value, size_t *at)
{
	for (size_t n = stream_reader_record_count(r); *at < n;) {
		const struct stream_record *rec = stream_reader_record_at(r, (*at)++);
		if (strcmp(rec->type, type))
			continue;
		const char *v = key ? stream_record_get(rec, key) : NULL;
		if (!key || (v && !strcmp(v, value)))
			return rec;
	}
	return NULL;
}

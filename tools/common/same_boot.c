/* The same-boot rule (tools/common/same_boot.h). */
#include <stdlib.h>

#include "lib/hash64.h"
#include "tools/common/same_boot.h"

/* hash64_field hashes a cell then 0x1F (lib/hash64.h); 0x1E closes a row, so
 * cells cannot slide between rows. */
static uint64_t rows_hash(const struct stream_reader *r)
{
	uint64_t h = HASH64_INIT;
	size_t columns = stream_reader_column_count(r);
	for (size_t k = 0; k < stream_reader_row_count(r); k++) {
		const char *const *row = stream_reader_row(r, k);
		for (size_t c = 0; c < columns; c++)
			h = hash64_field(h, row[c]);
		h = hash64_bytes(h, "\x1e", 1);
	}
	return h;
}

void same_boot_of(const struct stream_reader *r, struct same_boot *id)
{
	size_t records = stream_reader_record_count(r);
	const char *crc = records ? stream_record_get(stream_reader_record_at(r, records - 1), "crc32") : NULL;

	id->crc32 = crc ? (uint32_t)strtoul(crc, NULL, 16) : 0;
	id->rows = stream_reader_row_count(r);
	id->rows_hash = rows_hash(r);
}

bool same_boot(const struct same_boot *a, const struct same_boot *b)
{
	return a->crc32 == b->crc32 && a->rows == b->rows && a->rows_hash == b->rows_hash;
}

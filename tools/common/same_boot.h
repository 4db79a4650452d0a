/* What makes two result files the same boot, for every tool that must not
 * count a boot twice: the result-tree walker (`report --by`, `compare`,
 * `export --jsonl`) and the results database (`export --sqlite`, whose
 * `boots` table is UNIQUE on these three). A boot counted twice would
 * narrow every interval; a copied folder or a renamed file holds the same
 * boot, which these three fields tell apart from any other. */
#ifndef IDLEBENCH_TOOLS_COMMON_SAME_BOOT_H
#define IDLEBENCH_TOOLS_COMMON_SAME_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/common/stream_reader.h"

/* A boot's identity. */
struct same_boot {
	uint32_t crc32;     /* the end record's crc32 (of every line before it) */
	size_t rows;        /* the row count */
	uint64_t rows_hash; /* FNV-1a 64 of the rows' cells (each cell then 0x1F, each row then 0x1E) */
};

/* The identity of r, a stream the reader verified (STREAM_OK: its end
 * record's crc32 is 8 lowercase hex digits). */
void same_boot_of(const struct stream_reader *r, struct same_boot *id);

/* Whether a and b are one boot. */
bool same_boot(const struct same_boot *a, const struct same_boot *b);

#endif

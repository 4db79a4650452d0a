/* libFuzzer target for the stream reader. Beyond "no crash, no leak" it checks
 * properties that must hold for any input:
 * - the outcome (code and message) does not depend on how the bytes are chunked;
 * - the sink receives exactly the input from the first `#! idlebench ` on, with
 *   `\r` removed, nothing lost and nothing added, up to the end record;
 * - a verified stream's rows all have STREAM_COLUMN_COUNT fields. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/stream/schema.h"
#include "tools/common/stream_reader.h"

struct buffer {
	char *data;
	size_t len;
};

static void collect(void *ctx, const char *bytes, size_t len)
{
	struct buffer *b = ctx;
	char *p = realloc(b->data, b->len + len);
	if (!p)
		abort();
	memcpy(p + b->len, bytes, len);
	b->data = p;
	b->len += len;
}

/* Feed in chunks whose sizes come from a generator seeded by the input itself. */
static struct stream_reader *run(const uint8_t *data, size_t size, uint32_t seed, struct buffer *sink)
{
	struct stream_reader *r = stream_reader_new();
	if (!r)
		abort();
	stream_reader_set_sink(r, collect, sink);
	size_t off = 0;
	while (off < size && !stream_reader_done(r)) {
		size_t chunk = size - off;
		if (seed) {
			seed = seed * 1103515245u + 12345u;
			size_t c = (seed >> 16) % 37 + 1;
			chunk = c < chunk ? c : chunk;
		}
		size_t used = stream_reader_feed(r, data + off, chunk);
		if (used != chunk && !stream_reader_done(r))
			abort(); /* only the end record may leave bytes unused */
		off += used;
	}
	stream_reader_finish(r);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buffer whole_sink = { 0 }, chunked_sink = { 0 };
	uint32_t seed = 0x9e3779b9u ^ (uint32_t)size ^ (size ? data[0] : 0u);
	struct stream_reader *whole = run(data, size, 0, &whole_sink);
	struct stream_reader *chunked = run(data, size, seed | 1u, &chunked_sink);

	if (stream_reader_result(whole) != stream_reader_result(chunked) ||
	    strcmp(stream_reader_message(whole), stream_reader_message(chunked)) ||
	    whole_sink.len != chunked_sink.len ||
	    (whole_sink.len && memcmp(whole_sink.data, chunked_sink.data, whole_sink.len)))
		abort();

	/* The sink must equal the \r-free input from the header on. */
	char *stripped = malloc(size + 1);
	if (!stripped)
		abort();
	size_t n = 0;
	for (size_t i = 0; i < size; i++)
		if (data[i] != '\r')
			stripped[n++] = (char)data[i];
	const char *h = memmem(stripped, n, "#! idlebench ", 13);
	if (!h) {
		if (whole_sink.len || stream_reader_started(whole) ||
		    stream_reader_result(whole) != STREAM_ERR_NO_HEADER)
			abort();
	} else {
		size_t rest = n - (size_t)(h - stripped);
		if (whole_sink.len > rest || memcmp(whole_sink.data, h, whole_sink.len))
			abort();
		if (!stream_reader_done(whole) && whole_sink.len != rest)
			abort(); /* without an end record, every byte after the header is kept */
		if (stream_reader_done(whole) && whole_sink.data[whole_sink.len - 1] != '\n')
			abort();
	}

	if (stream_reader_result(whole) == STREAM_OK) {
		for (size_t i = 0; i < stream_reader_row_count(whole); i++) {
			const char *const *row = stream_reader_row(whole, i);
			for (size_t f = 0; f < STREAM_COLUMN_COUNT; f++)
				if (!row[f])
					abort();
		}
		if (!stream_reader_end_status(whole))
			abort();
	}
	free(stripped);
	free(whole_sink.data);
	free(chunked_sink.data);
	stream_reader_free(whole);
	stream_reader_free(chunked);
	return 0;
}

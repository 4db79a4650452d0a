/* A stream whose bytes a test reads back as text: for checking the lines a
 * function writes through the stream writer (core/stream/stream.c). */
#ifndef IDLEBENCH_TESTS_UNIT_SUPPORT_STREAM_TEXT_H
#define IDLEBENCH_TESTS_UNIT_SUPPORT_STREAM_TEXT_H

#include <stddef.h>

#include "core/stream/stream.h"

/* What the stream has written since the last stream_text_begin. */
struct stream_text {
	struct stream stream;
	char text[16384]; /* NUL-terminated */
	size_t len;
};

/* Start t->stream (its `#! idlebench` line written) and empty t->text, so
 * that t->text holds only what is written next. */
void stream_text_begin(struct stream_text *t);

#endif

/* See stream_text.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/support/stream_text.h"

static void keep(void *ctx, const char *bytes, size_t len)
{
	struct stream_text *t = ctx;

	assert_true(t->len + len < sizeof t->text);
	memcpy(t->text + t->len, bytes, len);
	t->len += len;
	t->text[t->len] = '\0';
}

void stream_text_begin(struct stream_text *t)
{
	stream_init(&t->stream, keep, t);
	stream_begin(&t->stream, "0.1.0");
	t->len = 0;
	t->text[0] = '\0';
}

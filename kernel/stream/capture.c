/* In-memory copy of the result stream (see capture.h). */
#include "lib/mem.h"
#include "kernel/stream/capture.h"

void stream_capture_append(struct stream_capture *c, const char *bytes, size_t len)
{
	size_t room = c->cap - c->len, n = len < room ? len : room;

	if (n) {
		memcpy(c->buf + c->len, bytes, n);
		c->len += n;
	}
	c->dropped += len - n;
}

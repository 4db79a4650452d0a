/* A copy of the result stream in memory, for front ends that save it
 * themselves (the UEFI application writes it to the boot stick). */
#ifndef IDLEBENCH_KERNEL_STREAM_CAPTURE_H
#define IDLEBENCH_KERNEL_STREAM_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

/* A fixed buffer; bytes beyond cap are counted in dropped, never written. */
struct stream_capture {
	char *buf;
	size_t cap, len;
	uint64_t dropped;
};

/* Append len bytes (what fits; the rest is counted in c->dropped). */
void stream_capture_append(struct stream_capture *c, const char *bytes, size_t len);

#endif

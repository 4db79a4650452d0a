/* The CPU identity as metadata lines (docs/stream-format.md). */
#include "core/platform/cpu_identity_meta.h"
#include "core/stream/stream.h"

static void write_meta_hex(struct stream *s, const char *key, uint32_t value)
{
	char buf[16];

	cpu_format_hex(value, buf, sizeof buf);
	stream_meta(s, key, buf);
}

void cpu_identity_write_meta(const struct cpu_identity *id, struct stream *s)
{
	stream_meta(s, "cpu_vendor", id->vendor);
	write_meta_hex(s, "cpu_family", id->family);
	write_meta_hex(s, "cpu_model", id->model);
	write_meta_hex(s, "cpu_stepping", id->stepping);
	stream_meta(s, "cpu_brand", id->brand);
}

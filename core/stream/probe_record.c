/* `#! probe` records (core/stream/probe_record.h). */
#include "core/stream/probe_record.h"
#include "lib/fmt.h"

void probe_record_write(struct stream *st, const struct probe_summary *s, const char *mode)
{
	const char *name = s->family->name;
	char a[32], b[32], reason[160];

	switch (s->family->kind) {
	case PROBE_KNEE:
		/* no step computed (too few points, nothing measured): empty, not 0.0 */
		if (s->knee.found || s->knee.at)
			fmt_fixed(a, sizeof a, s->knee.step_ratio * 100, 1);
		else
			a[0] = '\0';
		if (s->knee.found)
			stream_record(st, "probe", "name=%s mode=%s knee=%u step_pct=%s points=%zu", name, mode,
				      s->knee.knee, a, s->points);
		else
			stream_record(st, "probe", "name=%s mode=%s knee= reason=%s step_pct=%s at=%u points=%zu",
				      name, mode, stream_quote(reason, sizeof reason, s->knee.reason), a,
				      s->knee.at, s->points);
		break;
	case PROBE_PER_ACCESS:
		for (size_t i = 0; i < s->points; i++) {
			fmt_fixed(a, sizeof a, s->ns_per_access[i], 3);
			stream_record(st, "probe", "name=%s mode=%s k=%u ns_per_access=%s", name, mode,
				      s->param[i], a);
		}
		break;
	case PROBE_BANDWIDTH:
		fmt_fixed(a, sizeof a, s->bytes_per_cycle, 3);
		fmt_fixed(b, sizeof b, s->gb_s, 3);
		stream_record(st, "probe", "name=%s mode=%s bytes_per_cycle=%s gb_s=%s", name, mode, a, b);
		break;
	}
}

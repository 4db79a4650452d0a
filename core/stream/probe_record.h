/* The `#! probe` records: a probe family's result (bench/probe.h) in the
 * stream, for the kernel's experiment and `idlebench bench` alike. Contract:
 * docs/stream-format.md, "Probes". */
#ifndef IDLEBENCH_KERNEL_STREAM_PROBE_RECORD_H
#define IDLEBENCH_KERNEL_STREAM_PROBE_RECORD_H

#include "bench/probe.h"
#include "core/stream/stream.h"

/* Write s's result for the sibling state mode ("host" on Linux):
 *   rob, sq: `#! probe name=rob mode=M knee=N step_pct=P points=K`, or with
 *            no knee `knee= reason="…" step_pct=P at=N points=K`;
 *   mlp:     one `#! probe name=mlp mode=M k=K ns_per_access=X` per k;
 *   stream:  `#! probe name=stream mode=M bytes_per_cycle=X gb_s=Y`. */
void probe_record_write(struct stream *st, const struct probe_summary *s, const char *mode);

#endif

/* The `#! stray` record: stray interrupts (kernel/arch/stray_irq.h) taken
 * since the previous record, per CPU. Contract: docs/stream-format.md. */
#ifndef IDLEBENCH_KERNEL_STREAM_STRAY_RECORD_H
#define IDLEBENCH_KERNEL_STREAM_STRAY_RECORD_H

#include "core/stream/stream.h"

/* `#! stray during=<during> count=<since the last record> total=<since boot>
 * by_apic=<apic:count,...> last_vector=<0xNN or empty>`; during is
 * "bringup", a mode's name (its `run=siblings` check) or "end". */
void stray_record_write(struct stream *s, const char *during);

#endif

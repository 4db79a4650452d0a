/* The run stream's lock between CPUs: the boot CPU writes the stream, and a
 * parked CPU that faults writes its report into it too. */
#ifndef IDLEBENCH_KERNEL_STREAM_STREAM_CPU_LOCK_H
#define IDLEBENCH_KERNEL_STREAM_STREAM_CPU_LOCK_H

#include "core/stream/stream.h"

/* Give s a lock owned by APIC ID (recursive on one CPU); a CPU that waits
 * while the holder writes nothing for 2^32 TSC ticks (1-4 s) takes it over. */
void stream_cpu_lock_install(struct stream *s);
/* Give up every hold this CPU has (a CPU about to halt for good). */
void stream_cpu_lock_drop(void);
/* Locks taken over from a CPU that held on too long (0 in a healthy run). */
uint32_t stream_cpu_lock_takeovers(void);

#endif

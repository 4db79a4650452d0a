/* The CPUs that are neither measured nor parked, put in a known state: the
 * measured CPU's own siblings that placement= does not park (other-core) are
 * held in HLT, and the others follow `others=` (kernel/sibling/cpu_roles.h
 * decides who is who). Runs on the measured CPU after sibling_bringup. */
#ifndef IDLEBENCH_KERNEL_SIBLING_OTHERS_H
#define IDLEBENCH_KERNEL_SIBLING_OTHERS_H

#include <stdbool.h>

#include "kernel/mm/phys_alloc.h"
#include "kernel/platform/platform.h"
#include "kernel/sibling/cpu_roles.h"
#include "kernel/sibling/load.h"
#include "core/stream/stream.h"

/* The integer workload others=load runs (bench/ registry name). */
#define OTHERS_LOAD_WORKLOAD LOAD_WORKLOAD

/* Hold the unparked own siblings in HLT, apply mode to the others, and write
 * the meta (`own_sibling`, `others`, `others_cpus`, `others_failed`). A CPU
 * that does not answer in time is reported (`#! error … apic_id=`) and sent
 * INIT; the run goes on without it. */
void others_bringup(const struct platform *p, enum others_mode mode, struct phys_alloc *phys, struct stream *s);
/* The CPUs others=off sent INIT (wait-for-SIPI, CR4 = 0: no CR4.MCE) for
 * the rest of the run; 0 for every other others=. */
size_t others_in_wait_for_sipi(void);
/* True when others=leave left CPUs (or, without a MADT, perhaps some) as a
 * legacy BIOS left them: their CR4.MCE is unknown, not clear or set. */
bool others_cr4_unknown(void);
/* At the end of the run (after others_finish): command each held and
 * others=hlt CPU into off, so it writes its AMD extended LVTs back as found
 * before the INIT that stops it (park.c); a CPU that does not answer is an
 * ACK_TIMEOUT error record and gets the INIT anyway. */
void others_release(struct stream *s);
/* At the end of the run: stop the others=load CPUs (they park in HLT) and
 * write their `#! others_load` record. False when one computed a wrong
 * checksum (an `#! error code=LOAD_CHECKSUM` record). */
bool others_finish(struct stream *s);

#endif

/* Run stream lock (see stream_cpu_lock.h): owner_lock with the executing
 * CPU's APIC ID as owner and the TSC as clock. */
#include "kernel/arch/apic_id.h"
#include "kernel/arch/x86.h"
#include "lib/owner_lock.h"
#include "kernel/stream/stream_cpu_lock.h"

#define STREAM_LOCK_PATIENCE_TSC (1ull << 32)

static struct owner_lock lock;

static uint64_t now(void)
{
	return rdtsc();
}

static void poll_pause(void)
{
	cpu_pause();
}

static void take(void *ctx)
{
	(void)ctx;
	owner_lock_acquire(&lock, cpu_apic_id(), now, STREAM_LOCK_PATIENCE_TSC, poll_pause);
}

static void give(void *ctx)
{
	(void)ctx;
	owner_lock_release(&lock, cpu_apic_id());
}

void stream_cpu_lock_install(struct stream *s)
{
	stream_set_lock(s, take, give, NULL);
}

void stream_cpu_lock_drop(void)
{
	owner_lock_release_all(&lock, cpu_apic_id());
}

uint32_t stream_cpu_lock_takeovers(void)
{
	return __atomic_load_n(&lock.takeovers, __ATOMIC_RELAXED);
}

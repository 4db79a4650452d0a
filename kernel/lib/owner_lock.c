/* Owner-aware spin lock (see owner_lock.h). The owner field is the only word
 * other CPUs write, by compare-and-swap; depth belongs to whoever owns it. */
#include <stdbool.h>

#include "kernel/lib/owner_lock.h"

enum owner_lock_result owner_lock_acquire(struct owner_lock *l, uint32_t self, uint64_t (*now)(void),
					  uint64_t patience, void (*pause)(void))
{
	uint32_t me = self + 1;
	uint32_t seen = __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE);

	if (seen == me) {
		l->depth++;
		return OWNER_LOCK_NESTED;
	}
	uint64_t start = now();
	for (;;) {
		uint32_t expected = 0;
		if (__atomic_compare_exchange_n(&l->owner, &expected, me, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			l->depth = 1;
			return OWNER_LOCK_TAKEN;
		}
		/* The same holder the whole time, for longer than patience: take it.
		 * A change of holder restarts the wait (the lock is moving). */
		if (expected != seen) {
			seen = expected;
			start = now();
		} else if (now() - start > patience &&
			   __atomic_compare_exchange_n(&l->owner, &expected, me, false, __ATOMIC_ACQUIRE,
						       __ATOMIC_RELAXED)) {
			l->depth = 1;
			l->takeovers++;
			return OWNER_LOCK_TAKEN_OVER;
		}
		if (pause)
			pause();
	}
}

void owner_lock_release(struct owner_lock *l, uint32_t self)
{
	if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) != self + 1)
		return;
	if (l->depth > 1) {
		l->depth--;
		return;
	}
	l->depth = 0;
	__atomic_store_n(&l->owner, 0, __ATOMIC_RELEASE);
}

/* A spin lock that knows its owner: the same CPU may take it again (a fault
 * report inside a stream write must not deadlock), and a waiter takes the
 * lock over from a holder that has made no progress for a bounded time (a
 * CPU that faulted or was INITed while holding it must not stop the run).
 * Freestanding; the caller supplies its own identity and clock, so the host
 * tests drive it too. */
#ifndef IDLEBENCH_KERNEL_LIB_OWNER_LOCK_H
#define IDLEBENCH_KERNEL_LIB_OWNER_LOCK_H

#include <stdint.h>

struct owner_lock {
	/* One word, changed only by compare-and-swap, so a takeover and the old
	 * owner's late release or nested acquire cannot both succeed: bits
	 * 63..32 the owner's id + 1 (0 = free), 31..16 a count of every
	 * acquire and release (progress a waiter can see), 15..0 the depth. */
	volatile uint64_t word;
	volatile uint32_t takeovers; /* locks taken from a holder that stalled */
};

enum owner_lock_result {
	OWNER_LOCK_TAKEN,      /* it was free (perhaps after waiting) */
	OWNER_LOCK_NESTED,     /* already ours: depth + 1 */
	OWNER_LOCK_TAKEN_OVER, /* its holder made no progress for patience: now ours */
};

/* Take l for self (any id but UINT32_MAX). now() is a monotonic clock;
 * patience is how long the lock word may stay unchanged (same holder, no
 * acquire or release by it) before a waiter takes it over. pause() runs
 * between polls (may be NULL). */
enum owner_lock_result owner_lock_acquire(struct owner_lock *l, uint32_t self, uint64_t (*now)(void),
					  uint64_t patience, void (*pause)(void));
/* Undo one acquire by self; the last one frees the lock. Does nothing when
 * self does not own it (its lock was taken over). */
void owner_lock_release(struct owner_lock *l, uint32_t self);
/* Free the lock if self owns it, whatever the depth (a CPU about to halt). */
void owner_lock_release_all(struct owner_lock *l, uint32_t self);
/* Current nesting depth of self's holds (0 when self does not own it). */
uint32_t owner_lock_depth(const struct owner_lock *l, uint32_t self);

#endif

/* A spin lock that knows its owner: the same CPU may take it again (a fault
 * report inside a stream write must not deadlock), and a waiter gives up
 * after a bounded wait and takes the lock over (a CPU that faulted or was
 * INITed while holding it must not stop the run). Freestanding; the caller
 * supplies its own identity and clock, so the host tests drive it too. */
#ifndef IDLEBENCH_KERNEL_LIB_OWNER_LOCK_H
#define IDLEBENCH_KERNEL_LIB_OWNER_LOCK_H

#include <stdint.h>

struct owner_lock {
	volatile uint32_t owner; /* 0 = free, else the owner's id + 1 */
	uint32_t depth;          /* nesting by the owner (written by the owner only) */
	uint32_t takeovers;      /* locks taken from an owner that held on too long */
};

enum owner_lock_result {
	OWNER_LOCK_TAKEN,    /* it was free (perhaps after waiting) */
	OWNER_LOCK_NESTED,   /* already ours: depth + 1 */
	OWNER_LOCK_TAKEN_OVER, /* held by another for longer than patience: now ours */
};

/* Take l for self (any id but UINT32_MAX). now() is a monotonic clock,
 * patience the most of it to wait for another owner; pause() runs between
 * polls (may be NULL). */
enum owner_lock_result owner_lock_acquire(struct owner_lock *l, uint32_t self, uint64_t (*now)(void),
					  uint64_t patience, void (*pause)(void));
/* Undo one acquire by self; the last one frees the lock. A release by a
 * CPU whose lock was taken over does nothing. */
void owner_lock_release(struct owner_lock *l, uint32_t self);

#endif

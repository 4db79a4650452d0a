/* Owner-aware spin lock (see owner_lock.h). Every change of the lock word is
 * a compare-and-swap on the whole word: owner, progress count and depth
 * move together, so a stale owner's update fails instead of corrupting the
 * new owner's state. */
#include <stdbool.h>

#include "lib/owner_lock.h"

#define OWNER_SHIFT 32
#define COUNT_SHIFT 16
#define DEPTH_MASK  0xFFFFull
#define COUNT_MASK  0xFFFFull

static uint32_t owner_of(uint64_t w)
{
	return (uint32_t)(w >> OWNER_SHIFT);
}

static uint64_t depth_of(uint64_t w)
{
	return w & DEPTH_MASK;
}

/* w with a new depth (owner kept) and the progress count advanced. */
static uint64_t with_depth(uint64_t w, uint64_t depth)
{
	uint64_t count = ((w >> COUNT_SHIFT) + 1) & COUNT_MASK;

	return ((uint64_t)owner_of(w) << OWNER_SHIFT) | (count << COUNT_SHIFT) | (depth & DEPTH_MASK);
}

/* Owner me at depth 1, the count advanced from w's. */
static uint64_t taken_by(uint64_t w, uint32_t me)
{
	return with_depth(((uint64_t)me << OWNER_SHIFT) | (w & (COUNT_MASK << COUNT_SHIFT)), 1);
}

static bool swap(struct owner_lock *l, uint64_t *expected, uint64_t desired)
{
	return __atomic_compare_exchange_n(&l->word, expected, desired, false, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

enum owner_lock_result owner_lock_acquire(struct owner_lock *l, uint32_t self, uint64_t (*now)(void),
					  uint64_t patience, void (*pause)(void))
{
	uint32_t me = self + 1;
	uint64_t w = __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);
	uint64_t seen = w, since = now();

	for (;;) {
		if (owner_of(w) == me) {
			/* Ours: nest (the swap fails only if we were taken over meanwhile;
			 * then wait like anyone else). 65535 levels cannot happen here;
			 * past them the depth stays, and a release frees early. */
			if (depth_of(w) == DEPTH_MASK || swap(l, &w, with_depth(w, depth_of(w) + 1)))
				return OWNER_LOCK_NESTED;
			continue;
		}
		if (owner_of(w) == 0) {
			if (swap(l, &w, taken_by(w, me)))
				return OWNER_LOCK_TAKEN;
			continue;
		}
		/* Held by another. Any change of the word (new holder, or the holder
		 * acquiring or releasing: its lines going out) restarts the wait. */
		if (w != seen) {
			seen = w;
			since = now();
		} else if (now() - since > patience) {
			if (swap(l, &w, taken_by(w, me))) {
				__atomic_add_fetch(&l->takeovers, 1, __ATOMIC_RELAXED);
				return OWNER_LOCK_TAKEN_OVER;
			}
			continue;
		}
		if (pause)
			pause();
		w = __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);
	}
}

void owner_lock_release(struct owner_lock *l, uint32_t self)
{
	uint64_t w = __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);

	while (owner_of(w) == self + 1) {
		uint64_t next = depth_of(w) > 1 ? with_depth(w, depth_of(w) - 1)
						: with_depth(w, 0) & ~((uint64_t)UINT32_MAX << OWNER_SHIFT);
		if (swap(l, &w, next))
			return;
	}
}

void owner_lock_release_all(struct owner_lock *l, uint32_t self)
{
	uint64_t w = __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);

	while (owner_of(w) == self + 1)
		if (swap(l, &w, with_depth(w, 0) & ~((uint64_t)UINT32_MAX << OWNER_SHIFT)))
			return;
}

uint32_t owner_lock_depth(const struct owner_lock *l, uint32_t self)
{
	uint64_t w = __atomic_load_n(&l->word, __ATOMIC_ACQUIRE);

	return owner_of(w) == self + 1 ? (uint32_t)depth_of(w) : 0;
}

/* FNV-1a, 64 bits (Fowler, Noll, Vo; IETF draft-eastlake-fnv): a stable,
 * dependency-free fingerprint of text, for identities in the stream
 * (`plan_id`, `machine_id`). Not cryptographic. Freestanding, host-tested. */
#ifndef IDLEBENCH_KERNEL_LIB_HASH64_H
#define IDLEBENCH_KERNEL_LIB_HASH64_H

#include <stddef.h>
#include <stdint.h>

/* The FNV-1a offset basis: the hash of nothing. */
#define HASH64_INIT 0xcbf29ce484222325ull

/* Continue hash h over n bytes of data. */
uint64_t hash64_bytes(uint64_t h, const void *data, size_t n);
/* Continue hash h over the NUL-terminated text and then one 0x1F (unit
 * separator), so ("ab","c") and ("a","bc") hash differently. */
uint64_t hash64_field(uint64_t h, const char *text);

#endif

/* FNV-1a 64: prime 2^40 + 2^8 + 0xb3. */
#include "lib/hash64.h"

#define FNV64_PRIME 0x100000001b3ull

uint64_t hash64_bytes(uint64_t h, const void *data, size_t n)
{
	const uint8_t *b = data;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= FNV64_PRIME;
	}
	return h;
}

uint64_t hash64_field(uint64_t h, const char *text)
{
	static const uint8_t separator = 0x1F;

	for (; *text; text++) {
		h ^= (uint8_t)*text;
		h *= FNV64_PRIME;
	}
	return hash64_bytes(h, &separator, 1);
}

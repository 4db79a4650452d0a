/* hash: CRC-32 (slicing-by-4) and a 64-bit multiply-rotate hash over a 4 MiB
 * buffer, 32 KiB per iteration -- checksumming and hashing as in compressors,
 * archivers and network stacks (the hashing inside 557.xz_r and 500.perlbench_r).
 * Table lookups indexed by data plus a long multiply chain; the buffer streams
 * from L3 because it is walked in order and cycles every 128 iterations.
 * Working set: buffer 4 MiB + CRC tables 4 KiB (L3). */
#include "bench/common.h"
#include "bench/workload.h"

#define HASH_BUFFER (4u * 1024 * 1024)
#define HASH_CHUNK  (32u * 1024)
#define HASH_CHUNKS (HASH_BUFFER / HASH_CHUNK)

struct hash_arena {
	uint32_t crc_table[4][256]; /* slicing-by-4 tables for the reflected polynomial 0xEDB88320 */
	uint8_t buffer[HASH_BUFFER];
};

static void hash_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct hash_arena *a = arena;
	struct rng rng = rng_init(seed, 2);

	/* Table k maps a byte that is k positions further along (Kounavis and
	 * Berry, "A systematic approach to building high performance software-based
	 * CRC generators", 2005). */
	for (uint32_t b = 0; b < 256; b++) {
		uint32_t c = b;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
		a->crc_table[0][b] = c;
	}
	for (uint32_t b = 0; b < 256; b++)
		for (int k = 1; k < 4; k++)
			a->crc_table[k][b] = (a->crc_table[k - 1][b] >> 8) ^ a->crc_table[0][a->crc_table[k - 1][b] & 0xff];
	for (size_t i = 0; i < HASH_BUFFER; i += 8) {
		uint64_t v = rng_next(&rng);
		memcpy(a->buffer + i, &v, 8);
	}
}

static uint32_t hash_crc32(const struct hash_arena *a, const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	for (; n >= 4; n -= 4, p += 4) {
		c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		c = a->crc_table[3][c & 0xff] ^ a->crc_table[2][(c >> 8) & 0xff] ^
		    a->crc_table[1][(c >> 16) & 0xff] ^ a->crc_table[0][c >> 24];
	}
	while (n--)
		c = (c >> 8) ^ a->crc_table[0][(c ^ *p++) & 0xff];
	return ~c;
}

static uint64_t rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

/* Two interleaved multiply-rotate lanes over 8-byte words, then a finaliser. */
static uint64_t hash_words(const uint8_t *p, size_t n)
{
	uint64_t h1 = UINT64_C(0x8EBC6AF09C88C6E3), h2 = UINT64_C(0x589965CC75374CC3);

	for (; n >= 16; n -= 16, p += 16) {
		uint64_t w1, w2;
		memcpy(&w1, p, 8);
		memcpy(&w2, p + 8, 8);
		h1 = rotl64(h1 ^ (w1 * UINT64_C(0x87C37B91114253D5)), 31) * UINT64_C(0x4CF5AD432745937F);
		h2 = rotl64(h2 ^ (w2 * UINT64_C(0x4CF5AD432745937F)), 33) * UINT64_C(0x87C37B91114253D5);
	}
	return bench_mix(h1, h2 + n);
}

static uint64_t hash_run(void *arena, uint64_t iterations)
{
	struct hash_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		const uint8_t *chunk = a->buffer + (it % HASH_CHUNKS) * HASH_CHUNK;
		h = bench_mix(h, hash_crc32(a, chunk, HASH_CHUNK));
		h = bench_mix(h, hash_words(chunk, HASH_CHUNK));
	}
	return h;
}

const struct workload workload_hash = {
	.name = "hash",
	.class = WORKLOAD_INT,
	.summary = "CRC-32 slicing-by-4 + 64-bit multiply-rotate hash streaming a 4 MiB buffer",
	.working_set = HASH_BUFFER + 4 * 256 * sizeof(uint32_t),
	.arena_bytes = sizeof(struct hash_arena),
	.setup = hash_setup,
	.run = hash_run,
	.check_iterations = 160,
	.uniform_iterations = true,
};

/* lz: LZ77 compression with hash chains, then decompression and verification
 * of the same block -- the shape of gzip/xz (SPEC CPU2017 557.xz_r) and of
 * UnixBench's file-compression era workloads: byte loads, hashing, short
 * data-dependent match loops, unpredictable branches.
 *
 * Input: 64 KiB of word-structured text (a seeded vocabulary, skewed word
 * choice), cut into 16 blocks of 4 KiB; iteration i packs and unpacks block
 * i mod 16. Token format: a control byte c < 0x80 starts a run of c+1
 * literals; c >= 0x80 is a match of (c & 0x7f) + 3 bytes at the 16-bit
 * little-endian distance that follows.
 * Working set: input 64 KiB + packed 4 KiB + unpacked 4 KiB + hash heads
 * 8 KiB + chain 8 KiB = about 88 KiB (L2). */
#include "bench/common.h"
#include "bench/workload.h"

#define LZ_INPUT      (64 * 1024)
#define LZ_BLOCK      4096
#define LZ_BLOCKS     (LZ_INPUT / LZ_BLOCK)
#define LZ_HASH_BITS  12
#define LZ_CHAIN_MAX  12     /* candidates examined per position (gzip -6 examines 128) */
#define LZ_MIN_MATCH  3
#define LZ_MAX_MATCH  (0x7f + LZ_MIN_MATCH)
#define LZ_MAX_LITRUN 128
#define LZ_PACKED_MAX (LZ_BLOCK + LZ_BLOCK / LZ_MAX_LITRUN + 16) /* all literals, worst case */
#define LZ_NIL        0xffff
#define LZ_VOCAB      256

struct lz_arena {
	uint8_t input[LZ_INPUT];
	uint8_t packed[LZ_PACKED_MAX];
	uint8_t unpacked[LZ_BLOCK];
	uint16_t head[1u << LZ_HASH_BITS]; /* newest position with this hash, or LZ_NIL */
	uint16_t chain[LZ_BLOCK];          /* previous position with the same hash */
};

static void lz_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct lz_arena *a = arena;
	struct rng rng = rng_init(seed, 1);
	char vocab[LZ_VOCAB][10];
	uint8_t len[LZ_VOCAB];

	for (int w = 0; w < LZ_VOCAB; w++) {
		len[w] = (uint8_t)(2 + rng_below(&rng, 8));
		for (int c = 0; c < len[w]; c++)
			vocab[w][c] = (char)('a' + rng_below(&rng, 26));
	}
	static const char punct[] = "  ,.\n";
	size_t pos = 0;
	while (pos < LZ_INPUT) {
		/* min of two draws: frequent words dominate, like natural text */
		uint32_t x = rng_below(&rng, LZ_VOCAB), y = rng_below(&rng, LZ_VOCAB);
		uint32_t w = x < y ? x : y;
		for (int c = 0; c < len[w] && pos < LZ_INPUT; c++)
			a->input[pos++] = (uint8_t)vocab[w][c];
		if (pos < LZ_INPUT)
			a->input[pos++] = (uint8_t)punct[rng_below(&rng, sizeof punct - 1)];
	}
}

static uint32_t lz_hash(const uint8_t *p)
{
	uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
	return (v * 2654435761u) >> (32 - LZ_HASH_BITS);
}

static void lz_insert(struct lz_arena *a, const uint8_t *src, size_t pos)
{
	uint32_t h = lz_hash(src + pos);
	a->chain[pos] = a->head[h];
	a->head[h] = (uint16_t)pos;
}

static size_t lz_flush_literals(uint8_t *out, size_t o, const uint8_t *lit, size_t n)
{
	out[o++] = (uint8_t)(n - 1);
	memcpy(out + o, lit, n);
	return o + n;
}

/* Returns the packed size. */
static size_t lz_compress(struct lz_arena *a, const uint8_t *src)
{
	size_t o = 0, lit_start = 0, pos = 0;

	memset(a->head, 0xff, sizeof a->head);
	while (pos < LZ_BLOCK) {
		size_t best_len = 0, best_dist = 0;
		if (pos + LZ_MIN_MATCH <= LZ_BLOCK) {
			size_t limit = LZ_BLOCK - pos < LZ_MAX_MATCH ? LZ_BLOCK - pos : LZ_MAX_MATCH;
			uint16_t cand = a->head[lz_hash(src + pos)];
			for (int n = 0; n < LZ_CHAIN_MAX && cand != LZ_NIL; n++, cand = a->chain[cand]) {
				size_t l = 0;
				while (l < limit && src[cand + l] == src[pos + l])
					l++;
				if (l > best_len) {
					best_len = l;
					best_dist = pos - cand;
					if (l == limit)
						break;
				}
			}
		}
		if (best_len >= LZ_MIN_MATCH) {
			if (pos > lit_start)
				o = lz_flush_literals(a->packed, o, src + lit_start, pos - lit_start);
			a->packed[o++] = (uint8_t)(0x80 | (best_len - LZ_MIN_MATCH));
			a->packed[o++] = (uint8_t)best_dist;
			a->packed[o++] = (uint8_t)(best_dist >> 8);
			for (size_t end = pos + best_len; pos < end; pos++)
				if (pos + LZ_MIN_MATCH <= LZ_BLOCK)
					lz_insert(a, src, pos);
			lit_start = pos;
		} else {
			if (pos + LZ_MIN_MATCH <= LZ_BLOCK)
				lz_insert(a, src, pos);
			pos++;
			if (pos - lit_start == LZ_MAX_LITRUN) {
				o = lz_flush_literals(a->packed, o, src + lit_start, LZ_MAX_LITRUN);
				lit_start = pos;
			}
		}
	}
	if (pos > lit_start)
		o = lz_flush_literals(a->packed, o, src + lit_start, pos - lit_start);
	return o;
}

/* Returns the unpacked size, or 0 on a malformed stream. */
static size_t lz_decompress(struct lz_arena *a, size_t packed)
{
	size_t i = 0, o = 0;

	while (i < packed) {
		uint8_t c = a->packed[i++];
		if (c < 0x80) {
			size_t n = (size_t)c + 1;
			if (i + n > packed || o + n > LZ_BLOCK)
				return 0;
			memcpy(a->unpacked + o, a->packed + i, n);
			i += n;
			o += n;
		} else {
			size_t n = (size_t)(c & 0x7f) + LZ_MIN_MATCH;
			if (i + 2 > packed)
				return 0;
			size_t dist = (size_t)a->packed[i] | (size_t)a->packed[i + 1] << 8;
			i += 2;
			if (dist == 0 || dist > o || o + n > LZ_BLOCK)
				return 0;
			for (size_t k = 0; k < n; k++, o++) /* byte copy: overlapping matches repeat */
				a->unpacked[o] = a->unpacked[o - dist];
		}
	}
	return o;
}

static uint64_t lz_run(void *arena, uint64_t iterations)
{
	struct lz_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;

	for (uint64_t it = 0; it < iterations; it++) {
		const uint8_t *src = a->input + (it % LZ_BLOCKS) * LZ_BLOCK;
		size_t packed = lz_compress(a, src);
		size_t unpacked = lz_decompress(a, packed);
		bool same = unpacked == LZ_BLOCK && memcmp(a->unpacked, src, LZ_BLOCK) == 0;
		h = bench_mix(h, packed);
		h = bench_mix(h, same ? 0 : UINT64_C(0xBADBAD)); /* a round-trip failure shows as check=bad */
	}
	return h;
}

const struct workload workload_lz = {
	.name = "lz",
	.class = WORKLOAD_INT,
	.summary = "LZ77 hash-chain compress + decompress of 4 KiB text blocks (xz/gzip-like)",
	.working_set = LZ_INPUT + LZ_PACKED_MAX + LZ_BLOCK + sizeof(uint16_t) * ((1u << LZ_HASH_BITS) + LZ_BLOCK),
	.arena_bytes = sizeof(struct lz_arena),
	.setup = lz_setup,
	.run = lz_run,
	.check_iterations = 32,
};

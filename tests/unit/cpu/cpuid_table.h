/* Test helper: a cpuid_fn that answers from a recorded dump
 * (tests/fixtures/cpuid/NAME.txt: "leaf subleaf eax ebx ecx edx" in hex, # comments). */
#ifndef IDLEBENCH_TESTS_UNIT_CPU_CPUID_TABLE_H
#define IDLEBENCH_TESTS_UNIT_CPU_CPUID_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/cpu/cpu_features.h"
#include "platform/cpu/cpu_identity.h"

/* Most rows a fixture may hold. */
#define CPUID_TABLE_MAX 256

/* What a query above the CPU's maxima returns. */
enum cpuid_out_of_range {
	CPUID_OOR_ZEROS = 0,       /* AMD: zeros */
	CPUID_OOR_HIGHEST_BASIC,   /* Intel SDM: the highest basic leaf's data */
};

/* One recorded leaf. */
struct cpuid_row {
	uint32_t leaf, subleaf, regs[4];
};

/* A loaded dump; in-range leaves that are not listed read as zeros (dumps omit them). */
struct cpuid_table {
	struct cpuid_row rows[CPUID_TABLE_MAX];
	size_t n;
	enum cpuid_out_of_range oor;
	unsigned queries_above_max; /* how often a decoder asked beyond the maxima */
};

/* Load path (relative to the repo root); 0 on success, -1 (with a message on stderr) on error. */
int cpuid_table_load(struct cpuid_table *t, const char *path, enum cpuid_out_of_range oor);

/* Load tests/fixtures/cpuid/<name>; as cpuid_table_load. */
int cpuid_table_load_fixture(struct cpuid_table *t, const char *name, enum cpuid_out_of_range oor);

/* Decode identity and features from t; true when no decoder asked beyond the
 * CPU's maxima (what it answers there must never matter). */
bool cpuid_table_decode(struct cpuid_table *t, struct cpu_identity *id, struct cpu_features *f);

/* Overwrite or add one row (for variations on a real dump). */
void cpuid_table_set(struct cpuid_table *t, uint32_t leaf, uint32_t subleaf, uint32_t eax, uint32_t ebx,
		     uint32_t ecx, uint32_t edx);

/* The cpuid_fn: ctx is a struct cpuid_table *. */
void cpuid_table_query(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

#endif

/* Recorded-dump CPUID for host tests; see cpuid_table.h. */
#include "tests/unit/cpu/cpuid_table.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const struct cpuid_row *find(const struct cpuid_table *t, uint32_t leaf, uint32_t subleaf)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].leaf == leaf && t->rows[i].subleaf == subleaf)
			return &t->rows[i];
	return NULL;
}

void cpuid_table_set(struct cpuid_table *t, uint32_t leaf, uint32_t subleaf, uint32_t eax, uint32_t ebx,
		     uint32_t ecx, uint32_t edx)
{
	struct cpuid_row *r = (struct cpuid_row *)find(t, leaf, subleaf);
	if (!r) {
		if (t->n == CPUID_TABLE_MAX)
			return;
		r = &t->rows[t->n++];
	}
	r->leaf = leaf;
	r->subleaf = subleaf;
	r->regs[0] = eax;
	r->regs[1] = ebx;
	r->regs[2] = ecx;
	r->regs[3] = edx;
}

int cpuid_table_load(struct cpuid_table *t, const char *path, enum cpuid_out_of_range oor)
{
	char line[256];
	unsigned lineno = 0;
	FILE *f = fopen(path, "r");

	memset(t, 0, sizeof *t);
	t->oor = oor;
	if (!f) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		unsigned v[6];
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%x %x %x %x %x %x", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6 ||
		    t->n == CPUID_TABLE_MAX) {
			fprintf(stderr, "%s:%u: bad row or too many rows\n", path, lineno);
			fclose(f);
			return -1;
		}
		cpuid_table_set(t, v[0], v[1], v[2], v[3], v[4], v[5]);
	}
	fclose(f);
	return 0;
}

void cpuid_table_query(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	struct cpuid_table *t = ctx;
	const struct cpuid_row *max_basic = find(t, 0, 0);
	const struct cpuid_row *max_ext = find(t, 0x80000000u, 0);
	uint32_t basic = max_basic ? max_basic->regs[0] : 0;
	uint32_t ext = max_ext ? max_ext->regs[0] : 0;
	bool above = leaf >= 0x80000000u ? leaf > ext : leaf > basic;
	const struct cpuid_row *r;

	/* The hypervisor range exists only when a dump lists it. */
	if (leaf >= 0x40000000u && leaf < 0x80000000u && find(t, leaf, subleaf))
		above = false;
	if (above) {
		t->queries_above_max++;
		r = t->oor == CPUID_OOR_HIGHEST_BASIC ? find(t, basic, subleaf) : NULL;
	} else {
		r = find(t, leaf, subleaf);
	}
	if (r)
		memcpy(regs, r->regs, sizeof r->regs);
	else
		memset(regs, 0, 4 * sizeof regs[0]);
}

int cpuid_table_load_fixture(struct cpuid_table *t, const char *name, enum cpuid_out_of_range oor)
{
	char path[256];

	snprintf(path, sizeof path, "tests/fixtures/cpuid/%s", name);
	return cpuid_table_load(t, path, oor);
}

bool cpuid_table_decode(struct cpuid_table *t, struct cpu_identity *id, struct cpu_features *f)
{
	t->queries_above_max = 0;
	cpu_identity_read(cpuid_table_query, t, id);
	cpu_features_read(cpuid_table_query, t, id, f);
	return t->queries_above_max == 0;
}

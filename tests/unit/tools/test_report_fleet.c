/* The fleet view's statistics on simulated fleets with a known truth: the
 * per-model interval (fleet_judge → fleet_pool_machines, what `report
 * --by=model` prints) covers the model's true mean at its nominal rate when
 * machines of a model differ, and Holm across machines (fleet_judge, what
 * `--by=machine` marks) finds a machine in at most 5 % of fleets whose every
 * effect is 0. Each machine's estimate comes from its boots through
 * stats_across_boots and analysis_describe, as report_summarize makes it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tools/report/report_fleet.h"

/* xorshift64* (Vigna 2016) and Box–Muller: a fixed seed, the same fleets every run. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static double uniform01(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 0x2545f4914f6cdd1dull) >> 11) * (1.0 / 9007199254740992.0) + 1e-300;
}

static double gauss(double sd)
{
	return sd * sqrt(-2 * log(uniform01())) * cos(2 * M_PI * uniform01());
}

#define MODELS 4
#define MAX_MACHINES 32
static const size_t machines_of[MODELS] = { 3, 4, 6, 8 };
static const double model_mean[MODELS][2] = { { 0.05, 0.07 }, { 0.0, 0.0 }, { 0.02, 0.01 }, { -0.01, 0.03 } };
static const char *const model_name[MODELS] = { "0x0", "0x1", "0x2", "0x3" };
#define BOOT_SD 0.004   /* a boot's own shift, log scale */
#define BLOCK_VAR 1e-4  /* a boot's variance over its blocks */

/* The boots simulate() drew, per machine (its creation index) and class:
 * the fixed-effect comparison pools them. */
static struct stats_boot sim_boot[MAX_MACHINES][2][16];

/* One machine's primary cell from `boots` simulated boots with true effect
 * mu; the boots into keep[] too when it is not NULL. */
static struct analysis_cell machine_cell_kept(double mu, size_t boots, struct stats_boot *keep)
{
	struct stats_boot per[16];
	for (size_t b = 0; b < boots; b++) {
		per[b] = (struct stats_boot){ mu + gauss(BOOT_SD), BLOCK_VAR, 20 };
		if (keep)
			keep[b] = per[b];
	}
	struct analysis_cell c = { .have = true };
	analysis_describe(&c, stats_across_boots(per, boots));
	return c;
}

static struct analysis_cell machine_cell(double mu, size_t boots)
{
	return machine_cell_kept(mu, boots, NULL);
}

/* A fleet: per model its machines, each with its own departure (sd tau) from the model's mean. */
static void simulate(struct fleet *f, double tau, bool null)
{
	*f = (struct fleet){ .group_count = 1 };
	size_t total = 0;
	for (size_t md = 0; md < MODELS; md++)
		total += machines_of[md];
	f->machine = calloc(total, sizeof *f->machine);
	assert_non_null(f->machine);
	for (size_t md = 0; md < MODELS; md++)
		for (size_t i = 0; i < machines_of[md]; i++) {
			struct fleet_machine *m = &f->machine[f->machine_count];
			char id[32];
			snprintf(id, sizeof id, "%016zx", f->machine_count++);
			/* each machine its own SMBIOS UUID: one physical machine per machine_id */
			for (size_t k = 0; k < FLEET_META_COUNT; k++)
				m->meta[k] = strdup(k == FLEET_CPU_MODEL ? model_name[md]
						    : k == FLEET_MACHINE_ID || k == FLEET_SMBIOS_UUID_HASH ? id : "x");
			m->identity = strdup(id);
			m->boots = 5 + (i % 6); /* 5 to 10 boots: unequal, as fleets are */
			m->have_primary = true;
			for (size_t k = 0; k < 2; k++)
				m->primary[k] = machine_cell_kept(null ? 0 : model_mean[md][k] + gauss(tau), m->boots,
								  sim_boot[f->machine_count - 1][k]);
			m->aa = m->spike = ANALYSIS_PASS;
		}
	f->machine_cap = f->machine_count;
	assert_true(fleet_judge(f));
}

static size_t model_index(const struct fleet_model *m)
{
	for (size_t md = 0; md < MODELS; md++)
		if (!strcmp(m->example->meta[FLEET_CPU_MODEL], model_name[md]))
			return md;
	fail_msg("model %s not simulated", m->example->meta[FLEET_CPU_MODEL]);
	return 0;
}

static void test_model_interval_covers_the_true_mean_when_machines_differ(void **state)
{
	(void)state;
	const size_t fleets = 200;
	size_t covered = 0, intervals = 0, per_model[MODELS] = { 0 }, fixed_covered = 0;
	for (size_t r = 0; r < fleets; r++) {
		struct fleet f;
		/* machines spread 1.5 % about their model: three times a boot's own shift */
		simulate(&f, 0.015, false);
		assert_int_equal(f.model_count, MODELS);
		for (size_t j = 0; j < f.model_count; j++) {
			size_t md = model_index(&f.model[j]);
			assert_int_equal(f.model[j].machines, machines_of[md]);
			for (size_t k = 0; k < 2; k++) {
				const struct stats_slowdown *s = &f.model[j].est[k];
				double truth = (exp(model_mean[md][k]) - 1) * 100;
				assert_int_equal(s->status, STATS_INTERVAL);
				assert_string_equal(s->method, "machines-t");
				assert_int_equal(s->n, machines_of[md]);
				bool in = s->lo_pct <= truth && truth <= s->hi_pct;
				covered += in;
				per_model[md] += in;
				intervals++;
				/* the fixed effect: every boot of the model's machines in one
				 * t interval, as if the machines were one machine */
				struct stats_boot all[MAX_MACHINES * 16];
				size_t nb = 0;
				for (size_t i = 0; i < f.machine_count; i++)
					if (!strcmp(f.machine[i].meta[FLEET_CPU_MODEL], model_name[md])) {
						size_t at = strtoul(f.machine[i].identity, NULL, 16);
						for (size_t b = 0; b < f.machine[i].boots; b++)
							all[nb++] = sim_boot[at][k][b];
					}
				struct stats_slowdown fixed = stats_across_boots(all, nb);
				fixed_covered += fixed.lo_pct <= truth && truth <= fixed.hi_pct;
			}
		}
		fleet_free(&f);
	}
	double rate = (double)covered / (double)intervals;
	printf("model intervals covering the true mean: %zu of %zu (%.1f %%); per model (3, 4, 6, 8 machines): "
	       "%zu %zu %zu %zu of %zu\n", covered, intervals, rate * 100, per_model[0], per_model[1], per_model[2],
	       per_model[3], 2 * fleets);
	/* docs/statistics.md quotes both lines */
	printf("fixed effect (every boot of a model's machines as one machine's): %zu of %zu (%.1f %%)\n", fixed_covered,
	       intervals, 100.0 * (double)fixed_covered / (double)intervals);
	assert_true(rate >= 0.93);
	assert_true(fixed_covered < intervals * 7 / 10);
}

static void test_holm_across_machines_finds_none_in_null_fleets_beyond_5_percent(void **state)
{
	(void)state;
	const size_t fleets = 1000;
	size_t any = 0, any_raw = 0;
	for (size_t r = 0; r < fleets; r++) {
		struct fleet f;
		simulate(&f, 0, true);
		bool found = false, raw = false;
		for (size_t i = 0; i < f.machine_count; i++) {
			assert_true(f.machine[i].tested[0] && f.machine[i].tested[1]);
			found = found || f.machine[i].marked;
			raw = raw || f.machine[i].primary[0].p <= 0.05 || f.machine[i].primary[1].p <= 0.05;
		}
		any_raw += raw;
		assert_int_equal(f.group[0].tests, 2 * f.machine_count);
		any += found;
		fleet_free(&f);
	}
	/* 5 % plus three binomial standard deviations of 1000 fleets (0.69 %) */
	printf("null fleets with a machine marked: %zu of %zu; without Holm (any p <= 0.05): %zu\n", any, fleets,
	       any_raw);
	assert_true(any <= 71);
	assert_true(any_raw > fleets / 2);
}

static void test_holm_finds_the_machines_with_a_true_effect(void **state)
{
	(void)state;
	struct fleet f;
	simulate(&f, 0, true);
	/* two machines slow down by 4 % (ten boot sds): they and only they are marked */
	for (size_t i = 0; i < f.machine_count; i++) {
		bool slow = !strcmp(f.machine[i].identity, "0000000000000003") ||
			    !strcmp(f.machine[i].identity, "000000000000000b");
		f.machine[i].marked = f.machine[i].tested[0] = f.machine[i].tested[1] = false;
		f.machine[i].primary[0] = machine_cell(slow ? 0.04 : 0, f.machine[i].boots);
		f.machine[i].primary[1] = machine_cell(0, f.machine[i].boots);
	}
	free(f.model);
	f.model = NULL;
	f.model_count = 0;
	f.group[0] = (struct fleet_group){ .first = NULL };
	assert_true(fleet_judge(&f));
	/* sorted by effect: the two come first, marked; a null machine may be
	 * marked too (the 5 % the family-wise rate allows), here at most one */
	size_t false_marks = 0;
	for (size_t i = 0; i < f.machine_count; i++) {
		bool truth = !strcmp(f.machine[i].identity, "0000000000000003") ||
			     !strcmp(f.machine[i].identity, "000000000000000b");
		assert_int_equal(truth, i < 2);
		if (truth)
			assert_true(f.machine[i].marked);
		false_marks += !truth && f.machine[i].marked;
	}
	assert_true(false_marks <= 1);
	fleet_free(&f);
}

/* A fleet of n machines of one model, 10 boots each, effect 0 but for the
 * machines whose index is in slow[] (effect 4 %, 31 standard errors). */
static void big_fleet(struct fleet *f, size_t n, const size_t *slow, size_t nslow)
{
	*f = (struct fleet){ .group_count = 1 };
	f->machine = calloc(n, sizeof *f->machine);
	assert_non_null(f->machine);
	for (size_t i = 0; i < n; i++) {
		struct fleet_machine *m = &f->machine[f->machine_count++];
		char id[32];
		snprintf(id, sizeof id, "%016zx", i);
		for (size_t k = 0; k < FLEET_META_COUNT; k++)
			m->meta[k] = strdup(k == FLEET_MACHINE_ID || k == FLEET_SMBIOS_UUID_HASH ? id : "x");
		m->identity = strdup(id);
		m->boots = 10;
		m->have_primary = true;
		double mu = 0;
		for (size_t s = 0; s < nslow; s++)
			mu = slow[s] == i ? 0.04 : mu;
		m->primary[0] = machine_cell(mu, m->boots);
		m->primary[1] = machine_cell(0, m->boots);
		m->aa = m->spike = ANALYSIS_PASS;
	}
	f->machine_cap = n;
	assert_true(fleet_judge(f));
}

/* Past stats_holm's 512 (STATS_MAX_TESTS) p-values: 260 machines of 2 boots
 * give 456 tests after the one-boot ones, and a fleet holds hundreds of
 * machines; 1000 machines are 2000 tests in one family, and the two slow
 * ones are still found (the old code marked none beyond 512). */
static void test_holm_marks_in_a_fleet_of_1000_machines(void **state)
{
	(void)state;
	const size_t slow[] = { 17, 901 };
	struct fleet f;
	big_fleet(&f, 1000, slow, 2);
	assert_int_equal(f.group[0].tests, 2000);
	size_t marked = 0;
	for (size_t i = 0; i < f.machine_count; i++)
		marked += f.machine[i].marked;
	assert_true(f.machine[0].marked && f.machine[1].marked);
	assert_true(!strcmp(f.machine[0].identity, "0000000000000011") || !strcmp(f.machine[1].identity, "0000000000000011"));
	assert_true(!strcmp(f.machine[0].identity, "0000000000000385") || !strcmp(f.machine[1].identity, "0000000000000385"));
	assert_true(marked <= 3); /* the 5 % family-wise rate: rarely a null machine too */
	fleet_free(&f);
}

/* Sorted by the larger effect in size: a marked 4 % speed-up comes before a
 * 3 % slowdown, and both before the null machines (the old order, by the
 * signed value, put the speed-up last). */
static void test_machines_sort_by_the_size_of_their_effect(void **state)
{
	(void)state;
	struct fleet f;
	big_fleet(&f, 24, NULL, 0);
	for (size_t i = 0; i < f.machine_count; i++) {
		struct fleet_machine *m = &f.machine[i];
		double mu = !strcmp(m->identity, "0000000000000005") ? -0.04 : !strcmp(m->identity, "0000000000000009") ? 0.03 : 0;
		m->marked = m->tested[0] = m->tested[1] = false;
		m->primary[0] = machine_cell(mu, m->boots);
	}
	free(f.model);
	f.model = NULL;
	f.model_count = 0;
	f.group[0] = (struct fleet_group){ .first = NULL };
	assert_true(fleet_judge(&f));
	assert_string_equal(f.machine[0].identity, "0000000000000005");
	assert_string_equal(f.machine[1].identity, "0000000000000009");
	assert_true(f.machine[0].marked && f.machine[1].marked);
	fleet_free(&f);
}

/* One physical machine whose BIOS was updated has two machine_ids (the id
 * hashes bios_version) but one smbios_uuid_hash: the model counts it once,
 * its two estimates averaged by boots, so machines-t does not take it for
 * two independent machines. */
static void test_model_counts_a_machine_with_two_bios_versions_once(void **state)
{
	(void)state;
	struct fleet f;
	big_fleet(&f, 6, NULL, 0);
	struct stats_slowdown before = f.model[0].est[0];
	assert_int_equal(f.model[0].units, 6);
	assert_int_equal(before.n, 6);
	/* machine 4 is machine 2 after a BIOS update: same UUID */
	struct fleet_machine *a = NULL, *b = NULL;
	for (size_t i = 0; i < f.machine_count; i++) {
		a = !strcmp(f.machine[i].identity, "0000000000000002") ? &f.machine[i] : a;
		b = !strcmp(f.machine[i].identity, "0000000000000004") ? &f.machine[i] : b;
	}
	free(b->meta[FLEET_SMBIOS_UUID_HASH]);
	b->meta[FLEET_SMBIOS_UUID_HASH] = strdup(a->meta[FLEET_SMBIOS_UUID_HASH]);
	b->boots = 30; /* the updated BIOS ran three times the boots */
	double joint = (10 * a->primary[0].s.mean_log + 30 * b->primary[0].s.mean_log) / 40;
	free(f.model);
	f.model = NULL;
	f.model_count = 0;
	f.group[0] = (struct fleet_group){ .first = NULL };
	assert_true(fleet_judge(&f));
	assert_int_equal(f.model_count, 1);
	assert_int_equal(f.model[0].machines, 6);
	assert_int_equal(f.model[0].units, 5);
	assert_int_equal(f.model[0].pooled[0], 5);
	assert_int_equal(f.model[0].est[0].n, 5);
	/* the model's mean: the five units' mean, machine 2 and 4 as one */
	double sum = joint;
	for (size_t i = 0; i < f.machine_count; i++)
		if (&f.machine[i] != a && &f.machine[i] != b)
			sum += f.machine[i].primary[0].s.mean_log;
	assert_true(fabs(f.model[0].est[0].mean_log - sum / 5) < 1e-12);
	fleet_free(&f);
}

static void test_one_machine_gives_its_value_and_no_interval(void **state)
{
	(void)state;
	struct stats_boot per[3] = { { 0.01, 1e-4, 20 }, { 0.012, 1e-4, 20 }, { 0.011, 1e-4, 20 } };
	struct stats_slowdown one = stats_across_boots(per, 3);
	struct stats_slowdown s = fleet_pool_machines(&one, 1);
	assert_int_equal(s.status, STATS_TOO_FEW);
	assert_true(fabs(s.value_pct - one.value_pct) < 1e-12);
	assert_true(isnan(s.lo_pct) && isnan(s.hi_pct));
	struct stats_slowdown none = { .status = STATS_NO_DATA };
	assert_int_equal(fleet_pool_machines(&none, 1).status, STATS_NO_DATA);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_interval_covers_the_true_mean_when_machines_differ),
		cmocka_unit_test(test_holm_across_machines_finds_none_in_null_fleets_beyond_5_percent),
		cmocka_unit_test(test_holm_finds_the_machines_with_a_true_effect),
		cmocka_unit_test(test_holm_marks_in_a_fleet_of_1000_machines),
		cmocka_unit_test(test_machines_sort_by_the_size_of_their_effect),
		cmocka_unit_test(test_model_counts_a_machine_with_two_bios_versions_once),
		cmocka_unit_test(test_one_machine_gives_its_value_and_no_interval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

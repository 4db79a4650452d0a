/* Result trees → machines and models with their statistics (see report_fleet.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "tools/common/grow.h"
#include "tools/report/report_fleet.h"
#include "tools/report/report_summary.h"
#include "tools/common/result_tree.h"

const char *const fleet_meta_keys[FLEET_META_COUNT] = {
	"machine_id", "cpu_vendor", "cpu_family", "cpu_model", "cpu_stepping", "microcode",
	"bios_version", "boost", "c2_kind", "label", "hypervisor", "smbios_uuid_hash",
};

static bool same_state(const char *set_value, const char *stream_value)
{
	return set_value == stream_value || (set_value && stream_value && !strcmp(set_value, stream_value));
}

/* Whether stream r belongs to the group whose first set is s: what report_pool
 * keys a set by, less the machine (machine_id, or the schema 1 identity). */
static bool group_matches(const struct report_set *s, const struct stream_reader *r)
{
	const char *plan = report_meta_or_empty(r, "plan_id");
	bool by_plan = *plan && *report_meta_or_empty(r, "machine_id");
	if (s->by_plan != by_plan || strcmp(s->placement, report_meta_or_empty(r, "placement")))
		return false;
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		if (!same_state(s->state[i], stream_reader_meta(r, report_state_keys[i])))
			return false;
	return !by_plan || !strcmp(s->plan_id, plan);
}

/* The machine's key: its machine_id, or for a stream without one (schema 1)
 * what report_pool groups such streams by. Allocated (the values have no
 * bound, and a truncated key could join two machines); NULL when out of memory. */
static char *machine_key(const struct stream_reader *r)
{
	const char *id = report_meta_or_empty(r, "machine_id");
	if (*id && *report_meta_or_empty(r, "plan_id"))
		return strdup(id);
	const char *part[4] = { report_meta_or_empty(r, "cpu_vendor"), report_meta_or_empty(r, "cpu_family"),
				report_meta_or_empty(r, "cpu_model"), report_meta_or_empty(r, "smbios_product") };
	size_t size = 4;
	for (size_t i = 0; i < 4; i++)
		size += strlen(part[i]);
	char *key = malloc(size);
	if (key)
		fmt_snprintf(key, size, "%s/%s/%s/%s", part[0], part[1], part[2], part[3]);
	return key;
}

static void machine_free(struct fleet_machine *m)
{
	for (size_t i = 0; i < FLEET_META_COUNT; i++)
		free(m->meta[i]);
	free(m->identity);
	report_pool_free(&m->pool);
}

/* A new machine entry for r in group g; NULL when out of memory. */
static struct fleet_machine *machine_new(struct fleet *f, size_t g, const struct stream_reader *r, const char *key)
{
	struct fleet_machine *grown = grow(f->machine, &f->machine_cap, f->machine_count + 1, sizeof *grown, 64);
	if (!grown)
		return NULL;
	f->machine = grown;
	struct fleet_machine *m = &f->machine[f->machine_count];
	*m = (struct fleet_machine){ .group = g };
	bool ok = (m->identity = strdup(key)) != NULL;
	for (size_t i = 0; i < FLEET_META_COUNT; i++)
		ok = (m->meta[i] = strdup(report_meta_or_empty(r, fleet_meta_keys[i]))) && ok;
	if (!ok) {
		machine_free(m);
		return NULL;
	}
	f->machine_count++;
	return m;
}

/* Called by the walk for each verified stream: into its machine's set. */
static enum result_tree_verdict take_stream(const char *path, struct stream_reader *r, void *ctx)
{
	struct fleet *f = ctx;
	size_t g = 0;
	while (g < f->group_count && !group_matches(f->group[g].first, r))
		g++;
	if (g == FLEET_MAX_GROUPS) {
		fprintf(f->err, "%s%s: skipped, a %dth group of comparable machines (plan_id, placement, boost, c2_kind, "
				"amd_cstate_cfg): a report shows at most %d\n", result_tree_prefix(), path, FLEET_MAX_GROUPS + 1, FLEET_MAX_GROUPS);
		return RESULT_TREE_REFUSED;
	}
	char *key = machine_key(r);
	if (!key) {
		fprintf(f->err, "idlebench report: out of memory\n");
		return RESULT_TREE_FATAL;
	}
	struct fleet_machine *m = NULL;
	for (size_t i = 0; i < f->machine_count && !m; i++)
		if (f->machine[i].group == g && !strcmp(f->machine[i].identity, key))
			m = &f->machine[i];
	bool fresh = !m;
	if (fresh && !(m = machine_new(f, g, r, key))) {
		free(key);
		fprintf(f->err, "idlebench report: out of memory\n");
		return RESULT_TREE_FATAL;
	}
	free(key);
	/* A machine row summarizes its pool's one set (set[0]); a stream
	 * report_pool would put in a second set would be taken and never read. */
	if (!fresh && !report_pool_has_set_for(&m->pool, r)) {
		fprintf(f->err, "%s%s: skipped, the same machine as %s but not the same set of comparable runs "
				"(report_pool's key): a machine row is one set\n", result_tree_prefix(), path, m->pool.set[0]->boot[0].path);
		return RESULT_TREE_REFUSED;
	}
	char err[1024];
	if (!report_pool_add_stream(&m->pool, path, r, err, sizeof err)) {
		/* report_pool's reason starts "PATH: " */
		size_t at = strlen(path) + 2;
		fprintf(f->err, "%s%s: skipped, %s\n", result_tree_prefix(), path, strlen(err) > at ? err + at : err);
		if (fresh)
			machine_free(&f->machine[--f->machine_count]);
		return RESULT_TREE_REFUSED;
	}
	if (g == f->group_count) {
		f->group[g] = (struct fleet_group){ .first = m->pool.set[0] };
		f->group_count++;
	}
	return RESULT_TREE_TAKEN;
}

int fleet_read(struct fleet *f, char *const paths[], int n, FILE *err)
{
	f->err = err;
	f->taken = result_tree_walk_counted(paths, n, take_stream, f, err, &f->skipped);
	return f->taken;
}

/* What the row says beside the numbers: why a figure is to be read with care. */
static void machine_flags(struct fleet_machine *m, const struct report_set *s, const struct report_summary *sum)
{
	size_t at = 0;
	char *buf = m->flags;
	size_t size = sizeof m->flags;
	buf[0] = '\0';
	if (sum->set->aa == ANALYSIS_FAIL)
		fmt_append(buf, size, &at, "%sUNTRUSTWORTHY: A/A excludes 0", at ? "; " : "");
	if (sum->set->spike == ANALYSIS_FAIL)
		fmt_append(buf, size, &at, "%sUNTRUSTWORTHY: spike excludes +1 %%", at ? "; " : "");
	/* a boot's own failed control marks the machine as it marked that boot */
	for (size_t b = 0; b < sum->boots; b++) {
		if (!report_boot_failed(sum, b))
			continue;
		bool aa = sum->boot_verdict[b][0] == ANALYSIS_FAIL, spike = sum->boot_verdict[b][1] == ANALYSIS_FAIL;
		fmt_append(buf, size, &at, "%sUNTRUSTWORTHY: boot %zu of %zu (%s) failed its own %s%s%s", at ? "; " : "", b + 1,
			   sum->boots, report_base_name(s->boot[b].path), aa ? "A/A" : "", aa && spike ? " and " : "",
			   spike ? "spike-in" : "");
	}
	/* a boot's own failure at 95 % that holds at the per-boot level is named too */
	for (size_t b = 0; b < sum->boots; b++)
		for (size_t k = 0; k < 2; k++)
			if (report_boot_failed_at_95_only(sum, b, k)) {
				char level[32] = "-";
				fmt_fixed(level, sizeof level, sum->boot_level * 100, 2);
				fmt_append(buf, size, &at, "%sboot %zu of %zu (%s) fails its own %s at 95 %% only, holds at %s %%",
					   at ? "; " : "", b + 1, sum->boots, report_base_name(s->boot[b].path),
					   k ? "spike-in" : "A/A", level);
			}
	if (m->boots == 1)
		fmt_append(buf, size, &at, "%sone boot: within-boot interval, in no test", at ? "; " : "");
	if (*s->hypervisor && strcmp(s->hypervisor, "none"))
		fmt_append(buf, size, &at, "%shypervisor %s", at ? "; " : "", s->hypervisor);
	if (s->bad_rows)
		fmt_append(buf, size, &at, "%s%zu check=bad rows", at ? "; " : "", s->bad_rows);
	if (s->excluded_rows)
		fmt_append(buf, size, &at, "%s%zu rows excluded by the residency proof", at ? "; " : "", s->excluded_rows);
	if (s->smi_rows)
		fmt_append(buf, size, &at, "%s%zu rows left out for an SMI", at ? "; " : "", s->smi_rows);
	char lost[256];
	if (report_set_unmeasured_text(s, lost, sizeof lost))
		fmt_append(buf, size, &at, "%snot measured: %s", at ? "; " : "", lost);
	if (!m->have_primary)
		fmt_append(buf, size, &at, "%sprimary mode %s not measured against hlt", at ? "; " : "", s->primary_mode);
}

static bool summarize_machine(struct fleet_machine *m)
{
	const struct report_set *s = m->pool.set[0];
	struct report_summary *sum = malloc(sizeof *sum);
	if (!sum || !report_summarize(s, REPORT_DEFAULT_FIRMWARE_S, sum)) {
		free(sum);
		return false;
	}
	m->boots = s->boot_count;
	m->have_primary = sum->have_baseline && sum->primary != ANALYSIS_NONE;
	for (size_t k = 0; k < 2; k++)
		m->primary[k] = m->have_primary ? sum->set->cls[k][sum->primary] : (struct analysis_cell){ .have = false };
	m->aa = sum->set->aa;
	m->spike = sum->set->spike;
	m->untrustworthy = report_untrustworthy(sum);
	machine_flags(m, s, sum);
	report_summary_free(sum);
	free(sum);
	return true;
}

/* A result a group's Holm family takes: a boot-level interval, trustworthy controls. */
static bool testable(const struct fleet_machine *m, size_t k)
{
	const struct analysis_cell *c = &m->primary[k];
	return c->have && c->s.status == STATS_INTERVAL && !c->s.within_boot_only && !m->untrustworthy &&
	       c->p == c->p;
}

static bool holm_group(struct fleet *f, size_t g)
{
	size_t n = 0;
	for (size_t i = 0; i < f->machine_count; i++)
		for (size_t k = 0; k < 2; k++)
			n += f->machine[i].group == g && testable(&f->machine[i], k);
	f->group[g].tests = n;
	if (n > UINT32_MAX)
		return false;
	/* stats_holm takes STATS_MAX_TESTS (512, its own array); a fleet of
	 * hundreds of machines has more, so the heap holds the sort's order. */
	size_t cap = n ? n : 1;
	double *p = malloc(cap * sizeof *p), *adj = malloc(cap * sizeof *adj);
	bool *sig = malloc(cap * sizeof *sig);
	uint32_t *order = malloc(cap * sizeof *order);
	bool ok = p && adj && sig && order;
	if (ok) {
		size_t j = 0;
		for (size_t i = 0; i < f->machine_count; i++)
			for (size_t k = 0; k < 2; k++)
				if (f->machine[i].group == g && testable(&f->machine[i], k))
					p[j++] = f->machine[i].primary[k].p;
		stats_holm_scratch(p, n, adj, sig, order);
		j = 0;
		for (size_t i = 0; i < f->machine_count; i++)
			for (size_t k = 0; k < 2; k++) {
				struct fleet_machine *m = &f->machine[i];
				if (m->group != g || !(m->tested[k] = testable(m, k)))
					continue;
				m->p_holm[k] = adj[j];
				m->marked = m->marked || sig[j];
				j++;
			}
	}
	free(p);
	free(adj);
	free(sig);
	free(order);
	return ok;
}

/* The machine's effect for sorting: the larger in size of its int and fp
 * results, a speed-up as far from 0 as a slowdown of the same size (a marked
 * speed-up sorts among the marked slowdowns, not last). -1 without one. */
static double effect_of(const struct fleet_machine *m)
{
	double e = -1;
	for (size_t k = 0; k < 2; k++)
		if (m->primary[k].have && m->primary[k].s.status != STATS_NO_DATA && fabs(m->primary[k].s.value_pct) > e)
			e = fabs(m->primary[k].s.value_pct);
	return e;
}

/* Group order, then the largest effect in size first; ties (and no estimate) by key. */
static int by_group_and_effect(const void *pa, const void *pb)
{
	const struct fleet_machine *a = pa, *b = pb;
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	double ea = effect_of(a), eb = effect_of(b);
	if (ea != eb)
		return ea > eb ? -1 : 1;
	return strcmp(a->identity, b->identity);
}

static bool same_model(const struct fleet_machine *a, const struct fleet_machine *b)
{
	static const enum fleet_meta keys[] = { FLEET_CPU_VENDOR, FLEET_CPU_FAMILY, FLEET_CPU_MODEL, FLEET_MICROCODE };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(a->meta[keys[i]], b->meta[keys[i]]))
			return false;
	return a->group == b->group;
}

/* Random effects over machines. The model: a machine's mean log slowdown is
 * mu + a_i + e_i, with a_i ~ N(0, tau^2) the machine's own departure (its
 * part, firmware, board: machines are a random sample of the model) and e_i
 * its boots' error, variance sigma_i^2 / n_i. Each machine's estimate then
 * varies about mu by tau^2 + sigma_i^2 / n_i, so the sample variance of the
 * machines' estimates estimates both at once and the t(k - 1) interval over
 * them carries the spread across machines: the summary-measures analysis of a
 * one-way random-effects model, exact for equal boots per machine (Searle,
 * Casella & McCulloch, "Variance Components", 1992, sec. 3.5: the grand mean's
 * variance is E[MS_between] / (k n)). Chosen over DerSimonian–Laird (1986),
 * whose normal interval with an estimated tau^2 undercovers with the few
 * machines a model has (IntHout, Ioannidis & Borm, BMC Med Res Methodol
 * 14:25, 2014: the Hartung–Knapp t interval is the fix, and with equal
 * weights it is this one); unweighted, so a machine with many boots does not
 * stand for the model. It is stats_across_boots one level up. */
struct stats_slowdown fleet_pool_machines(const struct stats_slowdown *machines, size_t k)
{
	struct stats_boot *per = malloc((k ? k : 1) * sizeof *per);
	struct stats_slowdown none = stats_across_boots(NULL, 0);
	if (!per)
		return none;
	size_t used = 0;
	for (size_t i = 0; i < k; i++) {
		bool have = machines[i].status != STATS_NO_DATA;
		/* one "block" per machine: only the mean enters */
		per[i] = (struct stats_boot){ have ? machines[i].mean_log : 0, 0, have };
		used += have;
	}
	struct stats_slowdown s = stats_across_boots(per, k);
	free(per);
	if (used == 1) {
		/* no spread across machines measured: the value, no interval */
		s.status = STATS_TOO_FEW;
		s.lo_pct = s.hi_pct = s.sd_log = s.se_log = s.df = NAN;
	}
	s.method = "machines-t";
	s.within_boot_only = false;
	return s;
}

/* Whether machine a is the same physical machine as b: the same non-empty
 * SMBIOS UUID hash (machine_id also hashes the BIOS version, so an updated
 * BIOS gives the machine a new machine_id). */
static bool same_unit(const struct fleet_machine *a, const struct fleet_machine *b)
{
	return *a->meta[FLEET_SMBIOS_UUID_HASH] && !strcmp(a->meta[FLEET_SMBIOS_UUID_HASH], b->meta[FLEET_SMBIOS_UUID_HASH]);
}

/* A trustworthy machine's estimate in class k, or NULL. */
static const struct stats_slowdown *usable(const struct fleet_machine *m, size_t k)
{
	const struct analysis_cell *c = &m->primary[k];
	/* a failed control voids the machine's intervals: not a sample of the model */
	return !m->untrustworthy && c->have && c->s.status != STATS_NO_DATA ? &c->s : NULL;
}

/* Model md's physical machines' estimates in class k into est (one per
 * unit: its machine_ids' mean log slowdowns weighted by boots); the count.
 * first[u] is unit u's first machine, w[u] its boots: scratch. */
static size_t unit_estimates(const struct fleet *f, const struct fleet_model *md, size_t k, struct stats_slowdown *est,
			     size_t *first, double *w)
{
	size_t n = 0;
	for (size_t i = 0; i < f->machine_count; i++) {
		const struct fleet_machine *m = &f->machine[i];
		const struct stats_slowdown *s = usable(m, k);
		if (!same_model(md->example, m) || !s)
			continue;
		size_t u = 0;
		while (u < n && !same_unit(&f->machine[first[u]], m))
			u++;
		double b = (double)(m->boots ? m->boots : 1);
		if (u == n) {
			est[n] = *s;
			est[n].mean_log = 0;
			first[n] = i;
			w[n++] = 0;
		}
		est[u].mean_log += b * s->mean_log;
		w[u] += b;
	}
	for (size_t u = 0; u < n; u++)
		est[u].mean_log /= w[u];
	return n;
}

static bool pool_models(struct fleet *f)
{
	size_t cap = f->machine_count ? f->machine_count : 1;
	f->model = calloc(cap, sizeof *f->model);
	struct stats_slowdown *est = malloc(cap * sizeof *est);
	double *w = malloc(cap * sizeof *w);
	size_t *first = malloc(cap * sizeof *first);
	if (!f->model || !est || !w || !first) {
		free(est);
		free(w);
		free(first);
		return false;
	}
	for (size_t i = 0; i < f->machine_count; i++) {
		const struct fleet_machine *m = &f->machine[i];
		size_t j = 0;
		while (j < f->model_count && !same_model(f->model[j].example, m))
			j++;
		if (j == f->model_count)
			f->model[f->model_count++] = (struct fleet_model){ .example = m, .group = m->group };
		f->model[j].machines++;
		f->model[j].boots += m->boots;
		f->model[j].untrustworthy += m->untrustworthy;
		bool joined = false;
		for (size_t e = 0; e < i && !joined; e++)
			joined = same_model(m, &f->machine[e]) && same_unit(m, &f->machine[e]);
		f->model[j].units += !joined;
	}
	for (size_t j = 0; j < f->model_count; j++)
		for (size_t k = 0; k < 2; k++) {
			size_t n = unit_estimates(f, &f->model[j], k, est, first, w);
			f->model[j].pooled[k] = n;
			f->model[j].est[k] = fleet_pool_machines(est, n);
		}
	free(est);
	free(w);
	free(first);
	return true;
}

bool fleet_summarize(struct fleet *f)
{
	for (size_t i = 0; i < f->machine_count; i++)
		if (!summarize_machine(&f->machine[i]))
			return false;
	return fleet_judge(f);
}

bool fleet_judge(struct fleet *f)
{
	for (size_t g = 0; g < f->group_count; g++)
		if (!holm_group(f, g))
			return false;
	qsort(f->machine, f->machine_count, sizeof *f->machine, by_group_and_effect);
	for (size_t i = 0; i < f->machine_count; i++) {
		struct fleet_group *g = &f->group[f->machine[i].group];
		g->machines++;
		g->boots += f->machine[i].boots;
	}
	return pool_models(f);
}

void fleet_free(struct fleet *f)
{
	for (size_t i = 0; i < f->machine_count; i++)
		machine_free(&f->machine[i]);
	free(f->machine);
	free(f->model);
	*f = (struct fleet){ .machine = NULL };
}

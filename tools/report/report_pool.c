/* Verified result files → boots grouped into comparable sets (see report_pool.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "core/stream/sample_row.h"
#include "core/stream/schema.h"
#include "tools/report/report_pool.h"
#include "tools/common/stream_reader.h"

static void say(char *err, size_t size, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void say(char *err, size_t size, const char *path, const char *fmt, ...)
{
	int n = snprintf(err, size, "%s: ", path);
	if (n < 0 || (size_t)n >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err + n, size - (size_t)n, fmt, ap);
	va_end(ap);
}

/* Read and verify the whole file; NULL (with err set) unless it is an intact stream. */
static struct stream_reader *read_verified(const char *path, char *err, size_t err_size)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		say(err, err_size, path, "%s", strerror(errno));
		return NULL;
	}
	int read_errno;
	struct stream_reader *r = stream_reader_read_file(f, &read_errno);
	fclose(f);
	if (!r) {
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	if (read_errno) {
		say(err, err_size, path, "unreadable: %s", strerror(read_errno));
	} else if (stream_reader_result(r) != STREAM_OK) {
		say(err, err_size, path, "%s", stream_reader_message(r));
	} else {
		return r;
	}
	stream_reader_free(r);
	return NULL;
}

const char *report_meta_or_empty(const struct stream_reader *r, const char *key)
{
	const char *v = stream_reader_meta(r, key);
	return v ? v : "";
}

/* Machine states a sample depends on, with what a difference means.
 * boost: kernel/cpu/machine_state.h; c2_kind and amd_cstate_cfg: the core
 * state the ioport mode's port read requests on AMD/Hygon (CStateCfg
 * C001_0296). */
const char *const report_state_keys[REPORT_STATE_KEYS] = { "boost", "c2_kind", "amd_cstate_cfg" };
static const char *const state_meaning[REPORT_STATE_KEYS] = {
	"the core may run above base frequency in one and not the other",
	"the I/O-port read requests another C-state",
	"another CStateCfg: the C-states the core may enter",
};

static void boot_free(struct report_boot *b)
{
	free(b->path);
	free(b->seed);
	free(b->seed_source);
	free(b->command);
	free(b->metric);
	free(b->stop_reason);
	free(b->sample);
}

static void set_free(struct report_set *s)
{
	char **text[] = { &s->plan_id,	  &s->machine_id,     &s->placement, &s->cpu_vendor, &s->cpu_family,
			  &s->cpu_model,  &s->smbios_product, &s->cpu_brand, &s->hypervisor, &s->primary_mode };
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		free(*text[i]);
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		free(s->state[i]);
	for (size_t i = 0; i < s->boot_count; i++)
		boot_free(&s->boot[i]);
	free(s);
}

/* Metadata that decides which set a file joins. */
struct set_key {
	unsigned schema;
	bool by_plan;
	const char *plan_id, *machine_id, *placement, *vendor, *family, *model, *product;
	const char *state[REPORT_STATE_KEYS]; /* NULL: the stream has no such key */
};

static struct set_key key_of(const struct stream_reader *r)
{
	struct set_key k = {
		.schema = stream_reader_schema(r),
		.plan_id = report_meta_or_empty(r, "plan_id"),
		.machine_id = report_meta_or_empty(r, "machine_id"),
		.placement = report_meta_or_empty(r, "placement"),
		.vendor = report_meta_or_empty(r, "cpu_vendor"),
		.family = report_meta_or_empty(r, "cpu_family"),
		.model = report_meta_or_empty(r, "cpu_model"),
		.product = report_meta_or_empty(r, "smbios_product"),
	};
	/* A stream without both ids (schema 1) can only be grouped by what it says about the machine. */
	k.by_plan = *k.plan_id && *k.machine_id;
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		k.state[i] = stream_reader_meta(r, report_state_keys[i]);
	return k;
}

/* Two values of a state key, either NULL (absent), are the same value. */
static bool same_state(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool same_identity(const struct report_set *s, const struct set_key *k)
{
	return !strcmp(s->cpu_vendor, k->vendor) && !strcmp(s->cpu_family, k->family) &&
	       !strcmp(s->cpu_model, k->model) && !strcmp(s->smbios_product, k->product);
}

static bool key_matches(const struct report_set *s, const struct set_key *k)
{
	if (s->by_plan != k->by_plan || strcmp(s->placement, k->placement))
		return false;
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		if (!same_state(s->state[i], k->state[i]))
			return false;
	if (k->by_plan)
		return !strcmp(s->plan_id, k->plan_id) && !strcmp(s->machine_id, k->machine_id);
	return same_identity(s, k);
}

bool report_pool_has_set_for(const struct report_pool *pool, const struct stream_reader *r)
{
	struct set_key k = key_of(r);
	for (size_t i = 0; i < pool->set_count; i++)
		if (key_matches(pool->set[i], &k))
			return true;
	return false;
}

/* The set with r's key, a new one when there is none; NULL when out of room. */
static struct report_set *set_for(struct report_pool *pool, const struct stream_reader *r, const char *path,
				  char *err, size_t err_size)
{
	struct set_key k = key_of(r);
	for (size_t i = 0; i < pool->set_count; i++)
		if (key_matches(pool->set[i], &k))
			return pool->set[i];
	if (pool->set_count == REPORT_MAX_SETS) {
		say(err, err_size, path, "a %dth set of comparable runs: a report shows at most %d", REPORT_MAX_SETS + 1,
		    REPORT_MAX_SETS);
		return NULL;
	}
	struct report_set *s = calloc(1, sizeof *s);
	if (!s) {
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	s->schema = k.schema;
	s->by_plan = k.by_plan;
	const char *primary = report_meta_or_empty(r, "primary_mode");
	s->plan_id = strdup(k.plan_id);
	s->machine_id = strdup(k.machine_id);
	s->placement = strdup(k.placement);
	s->cpu_vendor = strdup(k.vendor);
	s->cpu_family = strdup(k.family);
	s->cpu_model = strdup(k.model);
	s->smbios_product = strdup(k.product);
	s->cpu_brand = strdup(report_meta_or_empty(r, "cpu_brand"));
	s->hypervisor = strdup(report_meta_or_empty(r, "hypervisor"));
	/* Schema 1 has no primary_mode: its question was always mwait against hlt. */
	s->primary_mode = strdup(*primary ? primary : idle_modes[IDLE_MWAIT].name);
	bool states_ok = true;
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		if (k.state[i] && !(s->state[i] = strdup(k.state[i])))
			states_ok = false;
	if (!states_ok || !s->plan_id || !s->machine_id || !s->placement || !s->cpu_vendor || !s->cpu_family || !s->cpu_model ||
	    !s->smbios_product || !s->cpu_brand || !s->hypervisor || !s->primary_mode) {
		set_free(s);
		say(err, err_size, path, "out of memory");
		return NULL;
	}
	pool->set[pool->set_count++] = s;
	return s;
}

/* Slot of a name: its index in the fixed table when known, else a slot past
 * `known` holding that name or the first free one; -1 when all are taken. */
static int slot_for(const char *name, int known_index, size_t known, char (*names)[REPORT_NAME_MAX],
		    const bool *used, size_t slots)
{
	if (known_index >= 0)
		return known_index;
	for (size_t s = known; s < slots; s++)
		if (used[s] && !strcmp(names[s], name))
			return (int)s;
	for (size_t s = known; s < slots; s++)
		if (!used[s])
			return (int)s;
	return -1;
}

/* A whole-field unsigned decimal integer. */
static bool parse_count(const char *s, unsigned long long *v)
{
	if (*s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && errno == 0;
}

/* A whole-field decimal number (the kernel writes fmt_fixed output). */
static bool parse_number(const char *s, double *v)
{
	if (!*s || ((*s < '0' || *s > '9') && *s != '-'))
		return false;
	char *end;
	*v = strtod(s, &end);
	return !*end;
}

/* Parse row i of r into *p, claiming slots in s (a scratch copy of the set). */
static bool parse_row(struct report_set *s, const struct stream_reader *r, size_t i, struct report_sample *p,
		      const char *path, char *err, size_t err_size)
{
	const char *const *f = stream_reader_row(r, i);
	const char *wl = f[STREAM_COLUMN_workload], *mode = f[STREAM_COLUMN_mode], *cls = f[STREAM_COLUMN_class];
	if (strlen(wl) >= REPORT_NAME_MAX || !*wl || strlen(mode) >= REPORT_NAME_MAX || !*mode) {
		say(err, err_size, path, "data row %zu: workload '%s' or mode '%s' is empty or longer than %d bytes",
		    i + 1, wl, mode, REPORT_NAME_MAX - 1);
		return false;
	}
	int w = slot_for(wl, workload_find(wl), WORKLOAD_MAX, s->workload_name, s->workload_used,
			 REPORT_WORKLOAD_SLOTS);
	enum idle_mode known = idle_mode_from_name(mode, strlen(mode));
	int m = slot_for(mode, known < IDLE_MODE_COUNT ? (int)known : -1, IDLE_MODE_COUNT, s->mode_name,
			 s->mode_used, REPORT_MODE_SLOTS);
	if (w < 0 || m < 0) {
		say(err, err_size, path, "data row %zu: too many workloads or modes unknown to this build (%s, %s)",
		    i + 1, wl, mode);
		return false;
	}
	if (s->workload_used[w] && strcmp(s->workload_class[w], cls)) {
		say(err, err_size, path, "data row %zu: workload %s has class %s here but %s before", i + 1, wl, cls,
		    s->workload_class[w]);
		return false;
	}
	if (strlen(cls) >= sizeof s->workload_class[0]) {
		say(err, err_size, path, "data row %zu: class '%s' is neither int nor fp", i + 1, cls);
		return false;
	}
	unsigned long long cycles, iterations, rep;
	if (!parse_count(f[STREAM_COLUMN_tsc_cycles], &cycles) ||
	    !parse_count(f[STREAM_COLUMN_iterations], &iterations) || iterations == 0) {
		say(err, err_size, path, "data row %zu: tsc_cycles '%s' / iterations '%s' is not a cycle count per iteration",
		    i + 1, f[STREAM_COLUMN_tsc_cycles], f[STREAM_COLUMN_iterations]);
		return false;
	}
	if (!parse_count(f[STREAM_COLUMN_rep], &rep) || rep >= STATS_MAX_REPS) {
		say(err, err_size, path, "data row %zu: rep '%s' is not a repetition 0..%d", i + 1, f[STREAM_COLUMN_rep],
		    STATS_MAX_REPS - 1);
		return false;
	}
	*p = (struct report_sample){ .w = (uint8_t)w, .m = (uint8_t)m, .rep = (uint32_t)rep };
	/* The same double the kernel's summary uses (tsc_cycles / iterations
	 * counted, schema 2), not the rounded cycles_per_iter text. */
	p->cpi = (double)cycles / (double)iterations;
	/* A command's score (schema 4, `idlebench linux --metric=`): the timed
	 * quantity is the score's, as the run's own summary took it. */
	bool scored = false;
	if (*f[STREAM_COLUMN_score]) {
		const char *hib = stream_reader_meta(r, "linux_higher_is_better");
		double score, cost;
		if (!parse_number(f[STREAM_COLUMN_score], &score)) {
			say(err, err_size, path, "data row %zu: score '%s' is not a number", i + 1, f[STREAM_COLUMN_score]);
			return false;
		}
		cost = sample_score_cost(score, hib && !strcmp(hib, "yes"));
		/* a score not above 0 is a bad sample the run wrote as such
		 * (check=bad, a command_bad record): a missing sample, not a bad file */
		if (!cost && !strcmp(f[STREAM_COLUMN_check], "ok")) {
			say(err, err_size, path, "data row %zu: score '%s' is not above 0 on a check=ok row", i + 1,
			    f[STREAM_COLUMN_score]);
			return false;
		}
		if (cost) {
			p->cpi = cost;
			scored = true;
		}
	}
	p->have_eff = *f[STREAM_COLUMN_eff_mhz] != '\0';
	p->have_c0 = *f[STREAM_COLUMN_sib_c0_pct] != '\0';
	if ((p->have_eff && !parse_number(f[STREAM_COLUMN_eff_mhz], &p->eff_mhz)) ||
	    (p->have_c0 && !parse_number(f[STREAM_COLUMN_sib_c0_pct], &p->sib_c0_pct))) {
		say(err, err_size, path, "data row %zu: eff_mhz '%s' or sib_c0_pct '%s' is not a number", i + 1,
		    f[STREAM_COLUMN_eff_mhz], f[STREAM_COLUMN_sib_c0_pct]);
		return false;
	}
	unsigned long long wakeups, ns;
	if (*f[STREAM_COLUMN_sib_wakeups] && *f[STREAM_COLUMN_ns]) {
		if (!parse_count(f[STREAM_COLUMN_sib_wakeups], &wakeups) || !parse_count(f[STREAM_COLUMN_ns], &ns)) {
			say(err, err_size, path, "data row %zu: sib_wakeups '%s' or ns '%s' is not a count", i + 1,
			    f[STREAM_COLUMN_sib_wakeups], f[STREAM_COLUMN_ns]);
			return false;
		}
		if ((p->have_wake = ns > 0))
			p->wake_per_ms = (double)wakeups / ((double)ns / 1e6);
	}
	unsigned long long aperf;
	if (*f[STREAM_COLUMN_aperf] && (!parse_count(f[STREAM_COLUMN_aperf], &aperf))) {
		say(err, err_size, path, "data row %zu: aperf '%s' is not a count", i + 1, f[STREAM_COLUMN_aperf]);
		return false;
	}
	/* a score is no clock: the core-clock split is for timed rows only */
	p->core_cpi = *f[STREAM_COLUMN_aperf] && !scored ? (double)aperf / (double)iterations : 0;
	/* Schema 3's PMU cells (empty in older rows: the reader pads them). */
	unsigned long long instructions = 0, unhalted = 0;
	bool have_instr = *f[STREAM_COLUMN_instructions] != '\0', have_unhalted = *f[STREAM_COLUMN_unhalted_cycles] != '\0';
	if ((have_instr && !parse_count(f[STREAM_COLUMN_instructions], &instructions)) ||
	    (have_unhalted && !parse_count(f[STREAM_COLUMN_unhalted_cycles], &unhalted))) {
		say(err, err_size, path, "data row %zu: instructions '%s' or unhalted_cycles '%s' is not a count", i + 1,
		    f[STREAM_COLUMN_instructions], f[STREAM_COLUMN_unhalted_cycles]);
		return false;
	}
	p->pmu_cpi = have_instr && have_unhalted && instructions && unhalted ? (double)unhalted / (double)instructions : 0;
	/* The spike-in runs extra_work_pct % more iterations than it counts. */
	unsigned extra = known < IDLE_MODE_COUNT ? idle_modes[known].extra_work_pct : 0;
	double executed = (double)(iterations + iterations / 100 * extra);
	p->instr_per_iter = have_instr && instructions ? (double)instructions / executed : 0;
	if (strcmp(f[STREAM_COLUMN_check], "ok") && strcmp(f[STREAM_COLUMN_check], "bad")) {
		say(err, err_size, path, "data row %zu: check '%s' is neither ok nor bad", i + 1,
		    f[STREAM_COLUMN_check]);
		return false;
	}
	p->ok = !strcmp(f[STREAM_COLUMN_check], "ok");
	unsigned long long smis = 0;
	if (*f[STREAM_COLUMN_smis] && !parse_count(f[STREAM_COLUMN_smis], &smis)) {
		say(err, err_size, path, "data row %zu: smis '%s' is not a count", i + 1, f[STREAM_COLUMN_smis]);
		return false;
	}
	p->smi = smis > 0;
	/* Claim the slots now so later rows of this file find them. */
	if (!s->workload_used[w]) {
		s->workload_used[w] = true;
		strcpy(s->workload_name[w], wl);
		strcpy(s->workload_class[w], cls);
	}
	if (!s->mode_used[m]) {
		s->mode_used[m] = true;
		strcpy(s->mode_name[m], mode);
	}
	return true;
}

/* Every (workload, mode, rep) at most once per boot: a second sample would
 * make the block ambiguous. */
static bool check_unique(const struct report_set *s, const struct report_boot *b, const char *path, char *err,
			 size_t err_size)
{
	bool *seen = calloc((size_t)REPORT_WORKLOAD_SLOTS * REPORT_MODE_SLOTS * (b->reps ? b->reps : 1), 1);
	if (!seen) {
		say(err, err_size, path, "out of memory");
		return false;
	}
	bool ok = true;
	for (size_t i = 0; ok && i < b->rows; i++) {
		const struct report_sample *p = &b->sample[i];
		size_t at = ((size_t)p->w * REPORT_MODE_SLOTS + p->m) * b->reps + p->rep;
		if (seen[at]) {
			say(err, err_size, path, "data row %zu: a second sample of %s in mode %s at rep %u", i + 1,
			    s->workload_name[p->w], s->mode_name[p->m], (unsigned)p->rep);
			ok = false;
		}
		seen[at] = true;
	}
	free(seen);
	return ok;
}

/* A decimal number from a record field. */
static bool record_number(const struct stream_record *rec, const char *key, double *v)
{
	const char *t = stream_record_get(rec, key);
	return t && parse_number(t, v);
}

/* The costs of a boot from its `#! stop` record (schema 2), for planning. */
static void read_stop(const struct stream_reader *r, struct report_boot *b)
{
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		if (strcmp(rec->type, "stop"))
			continue;
		const char *reason = stream_record_get(rec, "stop_reason"), *rounds = stream_record_get(rec, "rounds");
		unsigned long long n;
		free(b->stop_reason);
		b->stop_reason = strdup(reason ? reason : "");
		b->have_stop = record_number(rec, "setup_s", &b->setup_s) &&
			       record_number(rec, "elapsed_s", &b->elapsed_s) && rounds && parse_count(rounds, &n) &&
			       n > 0;
		b->rounds = b->have_stop ? (size_t)n : 0;
	}
}

/* Which workloads the boot itself judged the spike-in over: its `#! workload
 * … uniform_iterations=yes|no` records (another build may flag differently
 * from this one's registry). */
static void read_uniform(const struct report_set *s, const struct stream_reader *r, struct report_boot *b)
{
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		const char *name = stream_record_get(rec, "name"), *u = stream_record_get(rec, "uniform_iterations");
		if (strcmp(rec->type, "workload") || !name || !u)
			continue;
		for (size_t w = 0; w < REPORT_WORKLOAD_SLOTS; w++)
			if (s->workload_used[w] && !strcmp(s->workload_name[w], name)) {
				b->uniform[w] = !strcmp(u, "yes");
				b->uniform_recorded = true;
			}
	}
}

/* The `#! mode` records whose status is not ok: the modes the sibling check
 * left out of the plan (docs/stream-format.md, Records: mode). */
static void read_unmeasured(const struct stream_reader *r, struct report_boot *b)
{
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		const char *name = stream_record_get(rec, "name"), *status = stream_record_get(rec, "status");
		if (strcmp(rec->type, "mode") || !name || !status || !strcmp(status, "ok"))
			continue;
		if (b->unmeasured_count == REPORT_MAX_UNMEASURED) {
			b->unmeasured_dropped = true;
			continue;
		}
		struct report_unmeasured *u = &b->unmeasured[b->unmeasured_count++];
		const char *reason = stream_record_get(rec, "reason"), *problem = stream_record_get(rec, "problem");
		const char *wake = stream_record_get(rec, "wake_path");
		snprintf(u->mode, sizeof u->mode, "%s", name);
		snprintf(u->status, sizeof u->status, "%s", status);
		if (reason || problem)
			snprintf(u->why, sizeof u->why, "%s", reason ? reason : problem);
		else if (wake)
			snprintf(u->why, sizeof u->why, "wake_path=%s", wake);
		else
			snprintf(u->why, sizeof u->why, "the record gives no reason");
	}
}

/* Schema <= 4: in the kernel's `busy` mode a row whose parked CPU computed
 * a wrong checksum during it said check=ok, its `#! error code=BUSY_CHECKSUM`
 * record written just before it (the record precedes the row it concerns:
 * sibling_observe writes it while the sample is measured); schema 5 writes
 * that row check=bad. Both read alike: such a row is bad, when it is a busy
 * row (a warm-up's record precedes the next row written, whatever its mode,
 * and a warm-up that follows a busy row's own record cannot be told apart:
 * the busy row is then counted bad, the careful side). idlebench linux
 * leaves that row ok and names it in an `excluded` record in every schema. */
static void mark_busy_checksum_rows(const struct stream_reader *r, struct report_boot *b)
{
	if (stream_reader_schema(r) > 4 || !strcmp(report_meta_or_empty(r, "boot"), "linux"))
		return;
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		const char *code = stream_record_get(rec, "code");
		if (strcmp(rec->type, "error") || !code || strcmp(code, "BUSY_CHECKSUM") || rec->rows_before >= b->rows)
			continue;
		/* only a busy row: a warm-up's record (warm-ups write no row) comes
		 * before whatever row is written next, of any mode */
		if (strcmp(stream_reader_row(r, rec->rows_before)[STREAM_COLUMN_mode], "busy"))
			continue;
		struct report_sample *p = &b->sample[rec->rows_before];
		b->bad_rows += p->ok;
		p->ok = false;
	}
}

/* The rows `#! excluded seq=N mode=M` records name (idlebench linux writes
 * one after each row its residency proof rejects): marked, counted per
 * mode. A record naming no row, or a row of another mode, rejects the file. */
static bool read_excluded(const struct report_set *s, const struct stream_reader *r, struct report_boot *b,
			  const char *path, char *err, size_t err_size)
{
	for (size_t i = 0; i < stream_reader_record_count(r); i++) {
		const struct stream_record *rec = stream_reader_record_at(r, i);
		if (strcmp(rec->type, "excluded"))
			continue;
		const char *seq = stream_record_get(rec, "seq"), *mode = stream_record_get(rec, "mode");
		unsigned long long n, row_seq;
		size_t k = b->rows;
		if (seq && parse_count(seq, &n))
			for (k = 0; k < b->rows; k++)
				if (parse_count(stream_reader_row(r, k)[STREAM_COLUMN_seq], &row_seq) && row_seq == n)
					break;
		if (k == b->rows) {
			say(err, err_size, path, "line %zu: an excluded record names seq '%s', which no data row has", rec->line,
			    seq ? seq : "");
			return false;
		}
		struct report_sample *p = &b->sample[k];
		if (!mode || strcmp(mode, s->mode_name[p->m])) {
			say(err, err_size, path, "line %zu: an excluded record says mode '%s' for seq %s, whose row is %s",
			    rec->line, mode ? mode : "", seq, s->mode_name[p->m]);
			return false;
		}
		if (!p->excluded)
			b->excluded[p->m]++;
		p->excluded = true;
	}
	return true;
}

/* A command's row whose CPU time (user_ns + sys_ns) exceeds its wall time
 * (ns) by more than 5 %: it ran on more than one CPU (tools/linux/linux_command.h,
 * LINUX_MULTI_CPU_PCT; schema 4 cells, empty elsewhere). */
static bool row_multi_cpu(const char *const *f)
{
	unsigned long long user, sys, ns;
	return parse_count(f[STREAM_COLUMN_user_ns], &user) && parse_count(f[STREAM_COLUMN_sys_ns], &sys) &&
	       parse_count(f[STREAM_COLUMN_ns], &ns) && (user + sys) * 100 > ns * 105;
}

/* The boot of file r: its rows into b (slots claimed in scratch). */
static bool read_boot(struct report_set *scratch, const struct stream_reader *r, struct report_boot *b,
		      const char *path, char *err, size_t err_size)
{
	size_t rows = stream_reader_row_count(r);
	b->schema = stream_reader_schema(r);
	b->path = strdup(path);
	b->seed = strdup(report_meta_or_empty(r, "seed"));
	b->seed_source = strdup(report_meta_or_empty(r, "seed_source"));
	b->command = strdup(report_meta_or_empty(r, "linux_command"));
	b->metric = strdup(report_meta_or_empty(r, "linux_metric"));
	b->higher_is_better = !strcmp(report_meta_or_empty(r, "linux_higher_is_better"), "yes");
	b->stop_reason = strdup("");
	b->sample = calloc(rows ? rows : 1, sizeof *b->sample);
	size_t records = stream_reader_record_count(r);
	const char *crc = records ? stream_record_get(stream_reader_record_at(r, records - 1), "crc32") : NULL;
	snprintf(b->crc32, sizeof b->crc32, "%s", crc ? crc : "");
	same_boot_of(r, &b->id);
	if (!b->path || !b->seed || !b->seed_source || !b->command || !b->metric || !b->stop_reason || !b->sample) {
		say(err, err_size, path, "out of memory");
		return false;
	}
	for (size_t i = 0; i < rows; i++) {
		struct report_sample *p = &b->sample[i];
		if (!parse_row(scratch, r, i, p, path, err, err_size))
			return false;
		b->rows++;
		b->bad_rows += !p->ok;
		b->multi_cpu += row_multi_cpu(stream_reader_row(r, i));
		if (p->rep + 1 > b->reps)
			b->reps = p->rep + 1;
	}
	mark_busy_checksum_rows(r, b);
	read_stop(r, b);
	unsigned long long warmup;
	if (parse_count(report_meta_or_empty(r, "warmup"), &warmup))
		b->warmup = (size_t)warmup;
	b->workload_major = !strcmp(report_meta_or_empty(r, "order_scheme"), "workload-major");
	read_uniform(scratch, r, b);
	read_unmeasured(r, b);
	if (!b->stop_reason || !read_excluded(scratch, r, b, path, err, err_size))
		return false;
	/* Counted as the kernel's smi_excluded counts them: good rows the
	 * residency proof kept. */
	for (size_t i = 0; i < b->rows; i++)
		b->smi[b->sample[i].m] += b->sample[i].ok && !b->sample[i].excluded && b->sample[i].smi;
	return check_unique(scratch, b, path, err, err_size);
}

/* The file already in the pool whose stream is the same boot as b's
 * (tools/common/same_boot.h: two boots never write identical streams, every
 * row holds its measured TSC cycles). A
 * boot given twice (a capture from serial beside the stick's copy, named by
 * another clock) would count twice and narrow every interval. NULL if none. */
static const char *same_boot_in(const struct report_pool *pool, const struct report_boot *b)
{
	for (size_t i = 0; b->crc32[0] && i < pool->set_count; i++)
		for (size_t k = 0; k < pool->set[i]->boot_count; k++) {
			const struct report_boot *o = &pool->set[i]->boot[k];
			if (same_boot(&o->id, &b->id))
				return o->path;
		}
	return NULL;
}

bool report_pool_add_file(struct report_pool *pool, const char *path, char *err, size_t err_size)
{
	struct stream_reader *r = read_verified(path, err, err_size);
	if (!r)
		return false;
	bool ok = report_pool_add_stream(pool, path, r, err, err_size);
	stream_reader_free(r);
	return ok;
}

bool report_pool_add_stream(struct report_pool *pool, const char *path, const struct stream_reader *r, char *err,
			    size_t err_size)
{
	struct report_set *s = set_for(pool, r, path, err, err_size);
	bool ok = s != NULL;
	if (ok && s->boot_count == REPORT_MAX_BOOTS) {
		say(err, err_size, path, "more than %d files (boots) in one set", REPORT_MAX_BOOTS);
		ok = false;
	}
	/* Claim slots in a copy so a file rejected half-way changes nothing. */
	struct report_set *scratch = ok ? malloc(sizeof *scratch) : NULL;
	if (ok && !scratch) {
		say(err, err_size, path, "out of memory");
		ok = false;
	}
	struct report_boot boot = { .path = NULL };
	if (ok) {
		memcpy(scratch, s, sizeof *scratch);
		ok = read_boot(scratch, r, &boot, path, err, err_size);
	}
	const char *twin = ok ? same_boot_in(pool, &boot) : NULL;
	if (twin) {
		say(err, err_size, path, "the same boot as %s (identical stream: crc32=%s, %zu rows); give each boot once",
		    twin, boot.crc32, boot.rows);
		ok = false;
	}
	if (ok) {
		memcpy(s->workload_used, scratch->workload_used, sizeof s->workload_used);
		memcpy(s->workload_name, scratch->workload_name, sizeof s->workload_name);
		memcpy(s->workload_class, scratch->workload_class, sizeof s->workload_class);
		memcpy(s->mode_used, scratch->mode_used, sizeof s->mode_used);
		memcpy(s->mode_name, scratch->mode_name, sizeof s->mode_name);
		s->rows += boot.rows;
		s->bad_rows += boot.bad_rows;
		for (size_t m = 0; m < REPORT_MODE_SLOTS; m++) {
			s->excluded[m] += boot.excluded[m];
			s->excluded_rows += boot.excluded[m];
			s->smi[m] += boot.smi[m];
			s->smi_rows += boot.smi[m];
		}
		s->boot[s->boot_count++] = boot;
	} else {
		boot_free(&boot);
	}
	/* A set created for a file that was then rejected is dropped again. */
	if (s && s->boot_count == 0) {
		set_free(s);
		pool->set_count--;
	}
	free(scratch);
	return ok;
}

void report_pool_free(struct report_pool *pool)
{
	for (size_t i = 0; i < pool->set_count; i++)
		set_free(pool->set[i]);
	pool->set_count = 0;
}

void report_set_identity(const struct report_set *s, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s family %s model %s", *s->cpu_vendor ? s->cpu_vendor : "unknown CPU",
			 *s->cpu_family ? s->cpu_family : "?", *s->cpu_model ? s->cpu_model : "?");
	if (n >= 0 && (size_t)n < size && *s->smbios_product)
		n += snprintf(buf + n, size - (size_t)n, ", %s", s->smbios_product);
	if (n >= 0 && (size_t)n < size && *s->placement)
		snprintf(buf + n, size - (size_t)n, ", placement %s", s->placement);
}

/* A state value as the reason shows it: "absent" for a stream without the key, "(empty)" for an empty value. */
/* A missing key is "not recorded" (an older stream): never "absent",
 * which is a value of its own (boost=absent). */
static const char *state_text(const char *v)
{
	return !v ? "not recorded" : *v ? v : "(empty)";
}

/* Append "; " (after the first reason) and a formatted reason. */
__attribute__((format(printf, 4, 5)))
static void add_reason(char *buf, size_t size, size_t *at, const char *fmt, ...)
{
	if (*at + 1 >= size)
		return;
	if (*at) {
		int n = snprintf(buf + *at, size - *at, "; ");
		*at += n > 0 ? (size_t)n : 0;
		if (*at + 1 >= size)
			return;
	}
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + *at, size - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at = *at + (size_t)n < size ? *at + (size_t)n : size - 1;
}

void report_set_difference(const struct report_set *a, const struct report_set *b, char *buf, size_t size)
{
	size_t at = 0;
	if (size)
		buf[0] = '\0';
	if (a->by_plan != b->by_plan)
		add_reason(buf, size, &at, "%s here, %s there: a run without plan_id cannot be matched to a plan",
			   a->by_plan ? "plan_id and machine_id" : "no plan_id (schema 1)",
			   b->by_plan ? "plan_id and machine_id" : "no plan_id (schema 1)");
	if (a->by_plan && b->by_plan) {
		if (strcmp(a->plan_id, b->plan_id))
			add_reason(buf, size, &at, "plan_id differs (%s here, %s there: another plan)", a->plan_id,
				   b->plan_id);
		if (strcmp(a->machine_id, b->machine_id))
			add_reason(buf, size, &at, "machine_id differs (%s here, %s there: another machine, firmware or microcode)",
				   a->machine_id, b->machine_id);
	}
	if (!a->by_plan && !b->by_plan) {
		struct set_key k = { .vendor = b->cpu_vendor, .family = b->cpu_family, .model = b->cpu_model,
				     .product = b->smbios_product };
		if (!same_identity(a, &k))
			add_reason(buf, size, &at, "machine identity differs (cpu_vendor, cpu_family, cpu_model, smbios_product)");
	}
	if (strcmp(a->placement, b->placement))
		add_reason(buf, size, &at, "placement differs (%s here, %s there)", *a->placement ? a->placement : "none",
			   *b->placement ? b->placement : "none");
	for (size_t i = 0; i < REPORT_STATE_KEYS; i++)
		if (!same_state(a->state[i], b->state[i]))
			add_reason(buf, size, &at, "%s differs (%s here, %s there: %s)", report_state_keys[i],
				   state_text(a->state[i]), state_text(b->state[i]), state_meaning[i]);
}

bool report_set_unmeasured_text(const struct report_set *s, char *buf, size_t size)
{
	size_t at = 0;
	bool any = false, dropped = false;

	buf[0] = '\0';
	for (size_t i = 0; i < s->boot_count; i++) {
		const struct report_boot *b = &s->boot[i];
		dropped = dropped || b->unmeasured_dropped;
		for (size_t k = 0; k < b->unmeasured_count; k++) {
			const struct report_unmeasured *u = &b->unmeasured[k];
			/* said already for an earlier boot? then counted there */
			bool said = false;
			for (size_t j = 0; j < i && !said; j++)
				for (size_t q = 0; q < s->boot[j].unmeasured_count && !said; q++)
					said = !strcmp(s->boot[j].unmeasured[q].mode, u->mode) &&
					       !strcmp(s->boot[j].unmeasured[q].status, u->status);
			if (said)
				continue;
			size_t boots = 0;
			for (size_t j = i; j < s->boot_count; j++)
				for (size_t q = 0; q < s->boot[j].unmeasured_count; q++)
					if (!strcmp(s->boot[j].unmeasured[q].mode, u->mode) &&
					    !strcmp(s->boot[j].unmeasured[q].status, u->status)) {
						boots++;
						break;
					}
			char in[64] = "";
			if (boots < s->boot_count)
				snprintf(in, sizeof in, ", in %zu of %zu boots", boots, s->boot_count);
			fmt_append(buf, size, &at, "%s%s: %s (%s)%s", any ? "; " : "", u->mode, u->status, u->why, in);
			any = true;
		}
	}
	if (dropped) {
		fmt_append(buf, size, &at, "%smore than %d modes: the rest not kept", any ? "; " : "",
			   REPORT_MAX_UNMEASURED);
		any = true;
	}
	return any;
}

/* "5 (poll 3, hlt 2)" from rows in all and per mode slot. */
static bool per_mode_text(const struct report_set *s, size_t rows, const size_t *per_mode, char *buf, size_t size)
{
	size_t at = 0;
	buf[0] = '\0';
	if (!rows)
		return false;
	at = (size_t)snprintf(buf, size, "%zu (", rows);
	for (size_t m = 0; m < REPORT_MODE_SLOTS && at < size; m++)
		if (per_mode[m])
			at += (size_t)snprintf(buf + at, size - at, "%s%s %zu", buf[at - 1] == '(' ? "" : ", ", s->mode_name[m],
					       per_mode[m]);
	if (at < size)
		snprintf(buf + at, size - at, ")");
	return true;
}

bool report_set_excluded_text(const struct report_set *s, char *buf, size_t size)
{
	return per_mode_text(s, s->excluded_rows, s->excluded, buf, size);
}

bool report_set_smi_text(const struct report_set *s, char *buf, size_t size)
{
	return per_mode_text(s, s->smi_rows, s->smi, buf, size);
}

/* Which per-sample figure a boot table holds. */
enum boot_figure { FIGURE_CPI, FIGURE_CORE_CPI, FIGURE_PMU_CPI };

static double figure_of(const struct report_sample *p, enum boot_figure what)
{
	return what == FIGURE_CPI ? p->cpi : what == FIGURE_CORE_CPI ? p->core_cpi : p->pmu_cpi;
}

/* A figure of b's good samples in the analysis layout, NaN elsewhere. */
static double *boot_table(const struct report_boot *b, enum boot_figure what)
{
	size_t reps = b->reps ? b->reps : 1, n = (size_t)REPORT_WORKLOAD_SLOTS * REPORT_MODE_SLOTS * reps;
	double *cpi = malloc(n * sizeof *cpi);
	if (!cpi)
		return NULL;
	for (size_t i = 0; i < n; i++)
		cpi[i] = NAN;
	for (size_t i = 0; i < b->rows; i++) {
		const struct report_sample *p = &b->sample[i];
		if (p->ok && !p->excluded && !p->smi && figure_of(p, what) > 0)
			cpi[((size_t)p->w * REPORT_MODE_SLOTS + p->m) * reps + p->rep] = figure_of(p, what);
	}
	return cpi;
}

double *report_boot_cpi(const struct report_boot *b)
{
	return boot_table(b, FIGURE_CPI);
}

double *report_boot_core_cpi(const struct report_boot *b)
{
	return boot_table(b, FIGURE_CORE_CPI);
}

double *report_boot_pmu_cpi(const struct report_boot *b)
{
	return boot_table(b, FIGURE_PMU_CPI);
}

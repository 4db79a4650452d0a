/* The fleet view of `idlebench report --by=machine|model PATH…`: result
 * trees of many machines (tools/common/result_tree.h) answered per machine
 * and per CPU model.
 *
 * Groups: machines are compared only within a group of the same plan_id,
 * placement and machine states (report_state_keys: boost, c2_kind,
 * amd_cstate_cfg), the rule report_pool applies to boots; each other group
 * is shown apart with the reason (report_set_difference without the
 * machine_id, which differs by design).
 *
 * Per machine (machine_id; schema 1 streams, which have none, by their
 * machine identity): its boots are one report_set, summarized by
 * report_summarize exactly as `report FILE…` does for one machine — each
 * boot's paired estimate, then a t interval over the boots' estimates
 * ("boots-t", stats/inference.h). The int and fp primary results of every
 * machine of a group with such a boot-level interval and trustworthy controls
 * form one Holm family (Holm 1979, stats_holm_scratch: of any size): a
 * machine is marked when one of its results excludes 0 after it. One-boot machines (a within-boot
 * interval: it covers that boot, not the machine) and machines whose control
 * failed are in no test, and say so.
 *
 * Per model (cpu_vendor, cpu_family, cpu_model and microcode, within a
 * group): machines are a random sample of the model, not repetitions of one,
 * so the model's slowdown is estimated from the machines' estimates with a
 * between-machine variance component: fleet_pool_machines. A machine_id
 * hashes the BIOS version, so one physical machine whose BIOS was updated
 * has two; within a model, machine_ids with the same non-empty
 * smbios_uuid_hash are one machine (their boots' estimates averaged, weighted
 * by boots), and the row says how many were so joined. */
#ifndef IDLEBENCH_TOOLS_REPORT_FLEET_H
#define IDLEBENCH_TOOLS_REPORT_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "stats/analysis.h"
#include "stats/inference.h"
#include "tools/report/report_pool.h"

/* Most groups (plans and machine states) one fleet report shows. */
#define FLEET_MAX_GROUPS REPORT_MAX_SETS

/* The meta keys a machine row shows, and the UUID hash (docs/stream-format.md, "Metadata keys"). */
enum fleet_meta {
	FLEET_MACHINE_ID,
	FLEET_CPU_VENDOR,
	FLEET_CPU_FAMILY,
	FLEET_CPU_MODEL,
	FLEET_CPU_STEPPING,
	FLEET_MICROCODE,
	FLEET_BIOS_VERSION,
	FLEET_BOOST,
	FLEET_C2_KIND,
	FLEET_LABEL,
	FLEET_HYPERVISOR,
	FLEET_SMBIOS_UUID_HASH, /* not shown: what --by=model counts one physical machine by */
	FLEET_META_COUNT,
};
/* Their names, in enum order. */
extern const char *const fleet_meta_keys[FLEET_META_COUNT];

/* One machine of a group, with what its row prints. */
struct fleet_machine {
	char *meta[FLEET_META_COUNT];    /* from its first file ("" when absent) */
	char *identity;                  /* the key: machine_id, or the report_set_identity of a schema 1 stream */
	size_t group;
	struct report_pool pool;         /* its boots: one set (freed by fleet_summarize) */
	size_t boots;
	bool have_primary;               /* its primary mode was measured against hlt */
	struct analysis_cell primary[2]; /* int, fp: the class geomeans across its boots */
	enum analysis_verdict aa, spike;
	bool untrustworthy;              /* a control failed */
	bool tested[2];                  /* in the group's Holm family */
	double p_holm[2];
	bool marked;                     /* a tested result excludes 0 after Holm */
	char flags[512];
};

/* One group of comparable machines. */
struct fleet_group {
	struct report_set *first;        /* a set of its first machine, for the identity and the reasons */
	size_t machines, boots;
	size_t tests;                    /* p-values in its Holm family (any number: stats_holm_scratch) */
};

/* One CPU model of a group. */
struct fleet_model {
	const struct fleet_machine *example; /* its first machine, for vendor, family, model, microcode */
	size_t group;
	size_t machines, boots;          /* machine_ids */
	size_t units;                    /* physical machines: machine_ids of one smbios_uuid_hash are one */
	size_t untrustworthy;            /* machines left out: a control failed */
	size_t pooled[2];                /* trustworthy physical machines with an int, fp estimate */
	struct stats_slowdown est[2];    /* fleet_pool_machines of them */
};

/* Everything one fleet report holds. */
struct fleet {
	struct fleet_machine *machine;
	size_t machine_count, machine_cap;
	struct fleet_group group[FLEET_MAX_GROUPS];
	size_t group_count;
	struct fleet_model *model;
	size_t model_count;
	FILE *err;                       /* where files not used are named */
	int taken;
	size_t skipped;                  /* files named on err as not used */
};

/* Read every verified stream under paths (result_tree_walk) into f, naming
 * each file not used on err (counted in f->skipped). The number of files
 * taken, or -1 on a fatal error. */
int fleet_read(struct fleet *f, char *const paths[], int n, FILE *err);
/* Summarize each machine (report_summarize: boots, primary, controls,
 * flags), then fleet_judge. False when out of memory. */
bool fleet_summarize(struct fleet *f);
/* From the machines' boots, primary cells and controls: Holm per group
 * (tested, p_holm, marked), the machines sorted by group and effect, the
 * groups' counts, the models pooled (fleet_pool_machines). False when out of memory. */
bool fleet_judge(struct fleet *f);
/* Release everything f holds (f itself is the caller's). */
void fleet_free(struct fleet *f);

/* The model's slowdown from k machines' estimates (the machines' boots-t
 * results; those without an estimate are left out): the mean of the
 * machines' mean log slowdowns with a t(k' - 1) interval over them
 * ("machines-t"), k' the machines used. One machine: its value, no interval. */
struct stats_slowdown fleet_pool_machines(const struct stats_slowdown *machines, size_t k);

/* The text report: one table per group, machines (by_model false) or models. */
void fleet_print(FILE *out, const struct fleet *f, bool by_model);
/* The same as one self-contained HTML page; false with err set when it cannot be written. */
bool fleet_html_write(const char *path, const struct fleet *f, bool by_model, char *err, size_t err_size);

#endif

/* The samples `idlebench report` works on: verified result files, one file =
 * one boot, each boot's samples kept apart and indexed by repetition (the
 * analysis pairs the modes within a repetition, then combines boots; pooled
 * samples would hide both, stats/inference.h).
 *
 * Files are grouped into comparable sets. Schema 2 files: the same `plan_id`
 * (what was measured and how), `machine_id` (which machine, firmware and
 * microcode) and `placement`. Schema 1 files have neither id and are grouped
 * by the old machine identity (cpu_vendor, cpu_family, cpu_model,
 * smbios_product, placement). Either kind is split further by the machine
 * states that change what a sample measures and that firmware may set either
 * way (report_state_keys: boost, the C-state the I/O-port read enters, the
 * raw CStateCfg); a stream without such a key has a value of its own
 * ("absent"), so old streams pool with old streams as before. Different sets
 * are reported side by side with the reason they were not pooled
 * (report_set_difference).
 *
 * Slots: a workload of the registry (bench/workload.h) sits at its registry
 * index and a mode of the kernel's table (core/sibling/idle_mode.h) at its
 * enum value, so tables list them in the kernel's order and the analysis
 * finds hlt, mwait, hlt2 and spike at fixed slots. Names neither table knows
 * (`host` from `idlebench bench`, workloads of a newer producer) take the
 * next free slot after those ranges. */
#ifndef IDLEBENCH_TOOLS_REPORT_POOL_H
#define IDLEBENCH_TOOLS_REPORT_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats/analysis.h"
#include "stats/inference.h"
#include "bench/workload.h"
#include "core/sibling/idle_mode.h"
#include "tools/common/same_boot.h"

/* Workload slots: the registry's, then up to 16 names it does not know. */
#define REPORT_WORKLOAD_SLOTS (WORKLOAD_MAX + 16)
/* Mode slots: the kernel's table, then up to 3 other names (e.g. `host`). */
#define REPORT_MODE_SLOTS (IDLE_MODE_COUNT + 3)
/* Most comparable sets (blocks) one report shows. */
#define REPORT_MAX_SETS 16
/* Most files (boots) in one set. */
#define REPORT_MAX_BOOTS 64
/* Meta keys whose values must agree within a set (report_state_keys). */
#define REPORT_STATE_KEYS 3
/* The keys themselves: "boost", "c2_kind", "amd_cstate_cfg". */
extern const char *const report_state_keys[REPORT_STATE_KEYS];
/* Longest workload or mode name kept. */
#define REPORT_NAME_MAX 32

_Static_assert(REPORT_WORKLOAD_SLOTS <= ANALYSIS_MAX_WORKLOADS, "workload slots exceed stats/analysis.h");
_Static_assert(REPORT_MODE_SLOTS <= ANALYSIS_MAX_MODES, "mode slots exceed stats/analysis.h");

/* One data row of a boot, as the analysis needs it. */
struct report_sample {
	uint8_t w, m;       /* workload and mode slots */
	bool ok;            /* check=ok: a bad row is a missing sample (it still ran: it is a previous mode) */
	bool excluded;      /* a `#! excluded seq=` record names it (idlebench linux: the parked CPU's
	                     * residency did not prove the mode): a missing sample, in no figure */
	bool smi;           /* its smis cell > 0: an SMI handler ran inside the sample (the kernel's
	                     * `smi_excluded`): a missing sample, in no figure */
	bool have_eff, have_c0, have_wake;
	uint32_t rep;       /* measured repetition, from 0 */
	double cpi;         /* tsc_cycles / iterations, the double the kernel computes */
	double eff_mhz, sib_c0_pct;
	double wake_per_ms; /* sib_wakeups / (ns / 1e6): the parked sibling's wake-ups per ms of the sample */
	double core_cpi;    /* aperf / iterations; 0 when the aperf cell is empty (no APERF) */
	double pmu_cpi;     /* unhalted_cycles / instructions; 0 without both (no PMU, schema < 3) */
	double instr_per_iter; /* instructions per executed iteration (the spike-in's 1 % more
	                        * included); 0 without the instructions cell */
};

/* Most modes one boot's sibling check may leave out that the report names. */
#define REPORT_MAX_UNMEASURED 8

/* A mode the plan asked for that the boot did not measure: its `#! mode`
 * record's status other than ok (not_idle, skipped, timeout, error) and why
 * (reason=, problem= or wake_path=, as docs/stream-format.md gives them). */
struct report_unmeasured {
	char mode[REPORT_NAME_MAX];
	char status[16];
	char why[200];
};

/* One file: one boot. */
struct report_boot {
	char *path;
	unsigned schema;
	char *seed, *seed_source;        /* metadata, for people ("" when absent) */
	char *command;                   /* `#= linux_command` (argv quoted; "" for workloads) */
	char *metric;                    /* `#= linux_metric` ("": the slowdown is on the wall time) */
	bool higher_is_better;           /* `#= linux_higher_is_better=yes` */
	size_t multi_cpu;                /* rows whose user_ns + sys_ns exceed ns by more than 5 % */
	char crc32[16];                  /* the end record's crc32, as written */
	struct same_boot id;             /* what makes two files one boot (tools/common/same_boot.h) */
	struct report_sample *sample;    /* the rows in stream (= measurement) order */
	size_t rows, bad_rows;
	size_t excluded[REPORT_MODE_SLOTS]; /* rows named by `#! excluded` records, per mode slot */
	size_t smi[REPORT_MODE_SLOTS];   /* good rows not excluded whose smis > 0, per mode slot */
	size_t reps;                     /* highest rep + 1 */
	bool have_stop;                  /* a `#! stop` record with usable setup_s, elapsed_s, rounds */
	char *stop_reason;               /* its reason= ("" without one) */
	double setup_s, elapsed_s;       /* TSC reset (firmware included) to first sample; sampling time */
	size_t rounds;                   /* measured repetitions it states */
	size_t warmup;                   /* `#= warmup` (discarded repetitions, inside elapsed_s) */
	bool workload_major;             /* `#= order_scheme=workload-major`: a discarded run, not in the
	                                  * rows, came before each workload's first row after another's */
	bool uniform_recorded;           /* the `#! workload` records say uniform_iterations (schema 2) */
	bool uniform[REPORT_WORKLOAD_SLOTS]; /* per workload slot: what the boot recorded */
	struct report_unmeasured unmeasured[REPORT_MAX_UNMEASURED]; /* in record order */
	size_t unmeasured_count;         /* kept (more are cut: unmeasured_dropped) */
	bool unmeasured_dropped;
};

/* One comparable set of boots. */
struct report_set {
	unsigned schema;                 /* of its first file */
	bool by_plan;                    /* grouped by plan_id and machine_id (schema 2), else by machine identity */
	char *plan_id, *machine_id, *placement;
	char *cpu_vendor, *cpu_family, *cpu_model, *smbios_product;
	char *cpu_brand, *hypervisor, *primary_mode; /* from the first file, for people */
	char *state[REPORT_STATE_KEYS];  /* each report_state_keys value; NULL: the streams have none */
	struct report_boot boot[REPORT_MAX_BOOTS];
	size_t boot_count;
	size_t rows, bad_rows;
	size_t excluded_rows, excluded[REPORT_MODE_SLOTS]; /* the boots' excluded rows, in all and per mode slot */
	size_t smi_rows, smi[REPORT_MODE_SLOTS];           /* the boots' rows left out for an SMI, likewise */
	bool workload_used[REPORT_WORKLOAD_SLOTS];
	char workload_name[REPORT_WORKLOAD_SLOTS][REPORT_NAME_MAX];
	char workload_class[REPORT_WORKLOAD_SLOTS][8]; /* the `class` column: "int", "fp" or other */
	bool mode_used[REPORT_MODE_SLOTS];
	char mode_name[REPORT_MODE_SLOTS][REPORT_NAME_MAX];
};

/* All sets of one report, in the order their first file was given. */
struct report_pool {
	struct report_set *set[REPORT_MAX_SETS];
	size_t set_count;
};

/* Verify the result file at path with the stream reader and add it as a boot
 * of its set. On failure nothing is added and err receives one line naming
 * the file and the reason (the stream reader's message, or what in a row or
 * in the pool's limits is wrong). */
bool report_pool_add_file(struct report_pool *pool, const char *path, char *err, size_t err_size);
/* The same for a stream verified already (stream_reader_result STREAM_OK, e.g.
 * by tools/common/result_tree.h); path names it in err and in the boot. */
struct stream_reader;
bool report_pool_add_stream(struct report_pool *pool, const char *path, const struct stream_reader *r, char *err,
			    size_t err_size);
/* Whether r would join one of the pool's sets (false: it would start another). */
bool report_pool_has_set_for(const struct report_pool *pool, const struct stream_reader *r);
/* r's value of meta key, "" when the stream has no such key. */
const char *report_meta_or_empty(const struct stream_reader *r, const char *key);

/* Release everything the pool holds (the pool itself is the caller's). */
void report_pool_free(struct report_pool *pool);

/* "HygonGenuine family 0x18 model 0x0, Standard PC (…), placement sibling":
 * the machine identity as one line (absent parts are left out). */
void report_set_identity(const struct report_set *s, char *buf, size_t size);

/* Why sets a and b were not pooled, e.g. "plan_id differs (0123… here,
 * 4567… there)"; several reasons are joined by "; ". */
void report_set_difference(const struct report_set *a, const struct report_set *b, char *buf, size_t size);

/* "5 (poll 3, hlt 2)": the set's excluded rows in all and per mode, for
 * the report's note; false (buf "") when none. */
bool report_set_excluded_text(const struct report_set *s, char *buf, size_t size);
/* The same for the rows left out because an SMI arrived during them. */
bool report_set_smi_text(const struct report_set *s, char *buf, size_t size);

/* "mwait: not_idle (4943 returns in 20 ms …)", one per mode and status any
 * boot of s left out, in the first boot's order, "in 1 of 3 boots" where not
 * every boot did; joined by "; ". False (buf "") when every boot measured
 * every mode it was asked for. */
bool report_set_unmeasured_text(const struct report_set *s, char *buf, size_t size);

/* Boot b's samples as the analysis takes them: cpi[(w * REPORT_MODE_SLOTS + m) * reps + r]
 * (NaN where no good sample), reps = the boot's. Caller frees; NULL when out of memory. */
double *report_boot_cpi(const struct report_boot *b);
/* (Good samples: check=ok and not excluded.) */
/* The same layout of core cycles (aperf) per iteration, NaN where not measured. */
double *report_boot_core_cpi(const struct report_boot *b);
/* The same layout of unhalted cycles per instruction (PMU), NaN where not measured. */
double *report_boot_pmu_cpi(const struct report_boot *b);

/* Slot of the mode called `hlt` (the baseline every slowdown is against). */
#define REPORT_MODE_HLT IDLE_HLT

#endif

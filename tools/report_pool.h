/* The samples `idlebench report` works on: verified result files, grouped by
 * machine, pooled by repetition. A machine is the run's identity metadata
 * (cpu_vendor, cpu_family, cpu_model, smbios_product) plus its `placement`
 * (sibling and other-core runs are different experiments, never pooled).
 * Files of one machine add their samples to the same (workload, mode) groups;
 * different machines stay apart and are reported side by side.
 *
 * Slots: a workload of the registry (bench/workload.h) sits at its registry
 * index and a mode of the kernel's table (kernel/sibling/idle_mode.h) at its
 * enum value, so tables list them in the kernel's order and the bootstrap seed
 * of a group is derived exactly as kernel/experiment/summary.c derives it.
 * Names neither table knows (`host` from `idlebench bench`, workloads of a
 * newer producer) take the next free slot after those ranges. */
#ifndef IDLEBENCH_TOOLS_REPORT_POOL_H
#define IDLEBENCH_TOOLS_REPORT_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/stats.h"
#include "bench/workload.h"
#include "kernel/sibling/idle_mode.h"

/* Workload slots: the registry's, then up to 16 names it does not know. */
#define REPORT_WORKLOAD_SLOTS (WORKLOAD_MAX + 16)
/* Mode slots: the kernel's table, then up to 3 other names (e.g. `host`). */
#define REPORT_MODE_SLOTS (IDLE_MODE_COUNT + 3)
/* Most machines (blocks) one report shows. */
#define REPORT_MAX_MACHINES 16
/* Most files pooled into one machine. */
#define REPORT_MAX_FILES 64
/* Longest workload or mode name kept. */
#define REPORT_NAME_MAX 32

/* The measured samples of one (workload, mode): rows with check=ok only. */
struct report_group {
	double cpi[STATS_MAX_SAMPLES];     /* tsc_cycles / iterations, as the kernel computes it */
	double eff_mhz[STATS_MAX_SAMPLES]; /* non-empty eff_mhz fields */
	double sib_c0[STATS_MAX_SAMPLES];  /* non-empty sib_c0_pct fields */
	size_t n, n_eff, n_c0;
	size_t bad; /* rows with check=bad: counted, not in the arrays */
};

/* One pooled file. */
struct report_file {
	char *path;
	size_t rows;
};

/* One machine: its identity, its files and its samples. */
struct report_machine {
	char *cpu_vendor, *cpu_family, *cpu_model, *smbios_product, *placement; /* identity ("" when absent) */
	char *cpu_brand, *hypervisor; /* from the first file, for people */
	struct report_file files[REPORT_MAX_FILES];
	size_t file_count;
	size_t rows, bad_rows;
	bool workload_used[REPORT_WORKLOAD_SLOTS];
	char workload_name[REPORT_WORKLOAD_SLOTS][REPORT_NAME_MAX];
	char workload_class[REPORT_WORKLOAD_SLOTS][8]; /* the `class` column: "int", "fp" or other */
	bool mode_used[REPORT_MODE_SLOTS];
	char mode_name[REPORT_MODE_SLOTS][REPORT_NAME_MAX];
	struct report_group group[REPORT_WORKLOAD_SLOTS][REPORT_MODE_SLOTS];
};

/* All machines of one report, in the order their first file was given. */
struct report_pool {
	struct report_machine *machine[REPORT_MAX_MACHINES];
	size_t machine_count;
};

/* Verify the result file at path with the stream reader and add its rows to
 * the pool. On failure nothing is added and err receives one line naming the
 * file and the reason (the stream reader's message, or what in a row or in
 * the pool's limits is wrong). */
bool report_pool_add_file(struct report_pool *pool, const char *path, char *err, size_t err_size);

/* Release everything the pool holds (the pool itself is the caller's). */
void report_pool_free(struct report_pool *pool);

/* "HygonGenuine family 0x18 model 0x0, Standard PC (…), placement sibling":
 * the machine identity as one line (absent parts are left out). */
void report_machine_identity(const struct report_machine *m, char *buf, size_t size);

/* Slot of the mode called `hlt` (the reference every slowdown is against). */
#define REPORT_MODE_HLT IDLE_HLT

#endif

/* Nothing left changed: every sysfs value `idlebench linux` writes is first
 * saved, with its original, in a restore file (fsync'ed before the write),
 * so the run itself, its SIGINT/SIGTERM handler and, after a crash,
 * `idlebench linux --restore` can put every value back. While the file
 * exists a restore is pending and a new run refuses to start. */
#ifndef IDLEBENCH_TOOLS_LINUX_RESTORE_H
#define IDLEBENCH_TOOLS_LINUX_RESTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tools/linux/linux_cpuidle.h"
#include "tools/linux/linux_sysfs.h"
#include "tools/linux/linux_topology.h"

/* Most values one run changes, over all its parked CPUs
 * (tools/linux/linux_run.c set_mode_on): per parked CPU a disable per state,
 * online and the QoS limit; once, the cpuidle governor. */
#define LINUX_JOURNAL_MAX (LINUX_PARKED_MAX * (LINUX_IDLE_STATES_MAX + 2) + 1)

/* The values changed so far, with their originals. */
struct linux_journal {
	char file[LINUX_PATH_MAX];  /* the restore file */
	int fd;                     /* open while the run holds it */
	size_t count;
	struct {
		char full[LINUX_PATH_MAX]; /* root-prefixed path */
		char line[40];             /* the original value and "\n", as written back */
		size_t line_len;
	} entry[LINUX_JOURNAL_MAX];
};

/* Where the restore file of root lives: <root>/run/idlebench-linux.restore. */
void linux_journal_file(const struct linux_root *r, char *out);
/* Start a run's journal: create the restore file, refusing (false, why)
 * when one exists (a restore is pending) or it cannot be created. */
bool linux_journal_begin(struct linux_journal *j, const struct linux_root *r, char *why, size_t size);
/* Set path to value, after saving its original (once per path) in the file.
 * False (why) when it cannot be read, saved or written. */
bool linux_journal_set(struct linux_journal *j, const struct linux_root *r, const char *path, const char *value,
		       char *why, size_t size);
/* Write every original back, newest first, and remove the file when all
 * succeeded. Only open/write/close/unlink: safe in a signal handler.
 * Returns the number of values that could not be written back. */
size_t linux_journal_restore(struct linux_journal *j);
/* `--restore`: put back every value a restore file lists (a crashed run's),
 * newest first, saying each on out; remove the file when all succeeded.
 * Returns 0 (all back, or nothing pending), 1 on a failure. */
int linux_journal_restore_file(const struct linux_root *r, FILE *out);

#endif

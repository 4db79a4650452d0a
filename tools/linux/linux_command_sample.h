/* A command's sample judged and written (`idlebench linux -- COMMAND`):
 * the row's schema 4 cells from its run (tools/linux/linux_command.h), the
 * timed quantity when --metric gives a score (core/stream/sample_row.h),
 * whether the sample is bad, and the records after it: `command_bad`,
 * `command_multi_cpu`, and the COMMAND_FAILED stop after
 * LINUX_BAD_IN_A_ROW bad samples in a row (docs/stream-format.md). */
#ifndef IDLEBENCH_TOOLS_LINUX_COMMAND_SAMPLE_H
#define IDLEBENCH_TOOLS_LINUX_COMMAND_SAMPLE_H

#include <regex.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/stream/sample_row.h"
#include "core/stream/stream.h"
#include "tools/linux/linux_command.h"
#include "tools/linux/linux_options.h"

/* The run's command state: the latest sample's judgement and the counts. */
struct linux_command_sample {
	const struct linux_config *cfg;
	regex_t metric;          /* compiled when cfg->metric */
	struct linux_command_result run; /* the latest run */
	char exit_status[24], score[LINUX_SCORE_TEXT_MAX + 1], bad_why[200]; /* the row's text cells point here */
	bool bad, multi_cpu;     /* the latest sample's */
	struct linux_bad_streak streak;
	bool stopped;            /* LINUX_BAD_IN_A_ROW in a row: COMMAND_FAILED written, the run stops */
	unsigned bad_count, multi_cpu_count;
};

/* Set cs up for c (the metric compiled); false with why when it does not compile. */
bool linux_command_sample_init(struct linux_command_sample *cs, const struct linux_config *c, char *why,
			       size_t why_size);
/* Free what init took. */
void linux_command_sample_free(struct linux_command_sample *cs);
/* Fill row from cs->run: tsc_cycles, ns, user_ns, sys_ns, ctx_switches,
 * exit_status, score, and cycles_per_iter from the score where --metric
 * gives one (else left 0: the harness takes tsc_cycles); returns the
 * sample's checksum, 0 for a good run (the reference), 1 for a bad one
 * (the row then says check=bad and stays out of the summary). */
uint64_t linux_command_sample_cells(struct linux_command_sample *cs, struct sample_row *row);
/* The records after the sample (row NULL: a warm-up, which has no row); sets cs->stopped on the third bad one in a row. */
void linux_command_sample_records(struct linux_command_sample *cs, struct stream *s, const char *mode, bool warmup,
				  const struct sample_row *row);

#endif

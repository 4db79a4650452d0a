/* What the screen shows, read from the result stream itself: the screen UI
 * (screen_ui.c) feeds every stream line here, so the page can only show what
 * the stream says (the primary records' very strings, never a number of its
 * own). Freestanding and host-tested: feed it a stream, read the fields. */
#ifndef IDLEBENCH_KERNEL_CONSOLE_SCREEN_MODEL_H
#define IDLEBENCH_KERNEL_CONSOLE_SCREEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/console/eta.h"

#define SCREEN_FIELD 24       /* one number or name from a record */
#define SCREEN_META 96        /* one metadata value (longer ones are cut) */
#define SCREEN_MAX_MODES 12   /* rows of the per-mode table */
#define SCREEN_MAX_ERRORS 6   /* error records kept (the rest are counted) */
#define SCREEN_ERROR_TEXT 160 /* "CODE: msg" */
#define SCREEN_LOG_LINES 128  /* wrapped lines of the log kept */
#define SCREEN_LOG_WIDTH 200  /* widest screen line the log wraps for */
#define SCREEN_MAX_AFTER 3    /* messages kept after the end record */

/* The three geometric-mean classes, in the stream's names. */
enum screen_class { SCREEN_INT, SCREEN_FP, SCREEN_ALL, SCREEN_CLASS_COUNT };

/* One estimate as the stream wrote it: empty strings where it had none. */
struct screen_estimate {
	bool have;
	char value[SCREEN_FIELD], lo[SCREEN_FIELD], hi[SCREEN_FIELD];
};

/* One mode's geomeans (`#! geomean` records). */
struct screen_mode {
	char name[SCREEN_FIELD];
	struct screen_estimate cls[SCREEN_CLASS_COUNT];
};

/* A control's verdict (`#! control`). */
struct screen_control {
	char mode[SCREEN_FIELD];
	char verdict[SCREEN_FIELD];
	struct screen_estimate e;
};

/* Metadata the screen shows, one slot per key (screen_model.c's table). */
enum screen_meta {
	SCREEN_META_BOOT, SCREEN_META_BOOTLOADER, SCREEN_META_HYPERVISOR, SCREEN_META_CPU_BRAND,
	SCREEN_META_SMBIOS_PRODUCT, SCREEN_META_PRESET, SCREEN_META_PLACEMENT, SCREEN_META_PRIMARY_MODE,
	SCREEN_META_INTERVALS, SCREEN_META_CONSOLES, SCREEN_META_LABEL, SCREEN_META_CMDLINE,
	SCREEN_META_MODES_MEASURED, SCREEN_META_C2_KIND, SCREEN_META_COUNT
};

struct screen_model {
	unsigned log_width;             /* the log is wrapped to this many columns */
	bool begun, table_started, ended, ok;
	char version[SCREEN_FIELD * 2];
	char meta[SCREEN_META_COUNT][SCREEN_META];
	char mwait_hint[12];        /* mwait_hint= from the whole cmdline value (meta[] cuts it), "" when not given */
	bool calibrating;               /* `#! workload` records seen, no table yet */
	uint64_t rows;                  /* data rows seen */
	/* the primary result: `#! primary class=int|fp` */
	char primary_mode[SCREEN_FIELD];
	struct screen_estimate primary[2];
	char primary_seed[2][SCREEN_FIELD];
	char primary_note[2][SCREEN_META]; /* its note= ("n/a: 3 blocks, need 10"): why there is no interval */
	struct screen_mode modes[SCREEN_MAX_MODES];
	unsigned mode_count;
	bool modes_dropped;             /* geomean records of more modes than SCREEN_MAX_MODES came */
	char unmeasured[SCREEN_META];   /* "mwait (not_idle), ioport (skipped)": modes the check left out */
	struct screen_control controls[2];
	unsigned control_count;
	char busy_verdict[SCREEN_FIELD]; /* `#! busy_control verdict=`, "" when busy was not measured */
	char stop_reason[SCREEN_FIELD], rounds[SCREEN_FIELD], elapsed_s[SCREEN_FIELD];
	/* `#! error` records: the first SCREEN_MAX_ERRORS, and how many in all */
	char errors[SCREEN_MAX_ERRORS][SCREEN_ERROR_TEXT];
	unsigned error_count;
	/* progress from the experiment loop (screen_model_progress) */
	bool have_progress;
	uint64_t done, total, elapsed_ms;
	struct eta eta;
	/* where the full result went, when a front end says (the UEFI app's file) */
	char result_file[192];      /* \idlebench\results\ and a name of at most RESULT_NAME_MAX (150) */
	bool result_file_failed;
	char no_file_why[SCREEN_META]; /* the front end saves no file by design, and why ("" otherwise) */
	/* the log: human lines (stream text without `#  `, errors, messages),
	 * wrapped to log_width; the newest SCREEN_LOG_LINES of log_total */
	char log[SCREEN_LOG_LINES][SCREEN_LOG_WIDTH + 1];
	uint64_t log_total;
	/* messages written after the end record (safe to power off, file saved) */
	char after[SCREEN_MAX_AFTER][SCREEN_LOG_WIDTH + 1];
	unsigned after_count;
};

/* Start empty; the log wraps at width columns (at most SCREEN_LOG_WIDTH). */
void screen_model_init(struct screen_model *m, unsigned width);
/* Take one stream line (without its line end; a '\r' is ignored). Returns
 * whether anything the screen shows changed (a data row does not). */
bool screen_model_line(struct screen_model *m, const char *line, size_t len);
/* A message outside the stream (console_printf): into the log, or after the
 * end record into the last SCREEN_MAX_AFTER messages the final page shows. */
void screen_model_message(struct screen_model *m, const char *line, size_t len);
/* The experiment's progress: done of total samples after elapsed_ms, and the
 * time left (kernel/console/eta.h: the budget bounds it). */
void screen_model_progress(struct screen_model *m, uint64_t done, uint64_t total, uint64_t elapsed_ms,
			   const struct eta *eta);
/* The file the full result was saved to (path), or that saving failed (NULL). */
void screen_model_result_file(struct screen_model *m, const char *path);
/* The front end saves no file by design (loaded over the network): why. */
void screen_model_no_file(struct screen_model *m, const char *why);
/* Log line n (0 = the first ever written), or NULL when it is no longer kept
 * (older than the newest SCREEN_LOG_LINES) or not written yet. */
const char *screen_model_log_line(const struct screen_model *m, uint64_t n);
/* The value of `key=` in a record's fields (quoted values without their
 * quotes), copied into out; false when the key is absent. */
bool screen_record_field(const char *fields, size_t len, const char *key, char *out, size_t size);

#endif

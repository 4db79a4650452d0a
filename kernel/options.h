/* The kernel command line: one option table, one parser. Every option a run
 * understands is a row of option_table (kernel/options.c); `help`, the error
 * listing and the docs all iterate over it. */
#ifndef IDLEBENCH_KERNEL_OPTIONS_H
#define IDLEBENCH_KERNEL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest command line accepted (bytes, without the NUL). */
#define OPTIONS_CMDLINE_MAX 1024
/* Upper bound on table rows (checked by a unit test). */
#define OPTIONS_MAX 48

/* How a value is checked. */
enum option_type {
	OPT_FLAG, /* bare key, no value (`help`) */
	OPT_ENUM, /* one of `allowed` (a '|'-separated list) */
	OPT_UINT, /* decimal or 0x-hex integer in [min, max] */
	OPT_TEXT, /* free text without spaces, checked by `validate` when set */
};

/* One option: the table row. */
struct option_def {
	const char *name;
	enum option_type type;
	const char *def;     /* default value as text ("" for none) */
	const char *allowed; /* OPT_ENUM: "a|b|c"; others: a short value syntax for help */
	uint64_t min, max;   /* OPT_UINT bounds */
	const char *help;    /* one line */
	/* OPT_TEXT: return NULL if the value is valid, else a reason. */
	const char *(*validate)(const char *value);
};

/* Named parse results (options_status_name gives the text). */
enum options_status {
	OPTIONS_OK = 0,
	OPTIONS_ERR_UNKNOWN_KEY,
	OPTIONS_ERR_BAD_VALUE,
	OPTIONS_ERR_DUPLICATE,
	OPTIONS_ERR_TOO_LONG,
	OPTIONS_ERR_BAD_BYTE,
	OPTIONS_ERR_MISSING_VALUE,
	OPTIONS_ERR_UNEXPECTED_VALUE,
};

/* Parsed command line: values point into `storage`. */
struct options {
	const char *value[OPTIONS_MAX]; /* NULL when not given */
	char storage[OPTIONS_CMDLINE_MAX + 1];
	enum options_status status;
	char bad_token[80];  /* the offending token (truncated, sanitized) */
	char reason[160];    /* why it is wrong */
};

/* The table and its length. */
extern const struct option_def option_table[];
extern const size_t option_count;

/* Parse cmdline (NULL = empty) into o. Returns o->status; on error the options
 * parsed before the bad token keep their values (so console= still applies). */
enum options_status options_parse(struct options *o, const char *cmdline);
/* Value of option name: the given one, else its default. NULL if no such option. */
const char *options_get(const struct options *o, const char *name);
/* Numeric value of an OPT_UINT option (given or default). */
uint64_t options_get_uint(const struct options *o, const char *name);
/* True if option name's value equals value. */
bool options_is(const struct options *o, const char *name, const char *value);
/* True if the option was given on the command line. */
bool options_given(const struct options *o, const char *name);
/* Text for a status, e.g. "unknown option". */
const char *options_status_name(enum options_status st);
/* Error code for the stream, e.g. "CMDLINE_UNKNOWN_KEY". */
const char *options_status_code(enum options_status st);
/* Parse a decimal or 0x-hex unsigned integer; false on junk or overflow. */
bool options_parse_uint(const char *text, uint64_t *out);

#endif

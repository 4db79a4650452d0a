/* The command-line parser: generic over an option table it is given. The
 * kernel's table is core/options/option_table.c; `help`, the error listing and the
 * docs iterate over that table, and kernel/run_config.c turns the parsed
 * values into typed fields once. */
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

/* A table of options (rows indexed by the owner's enum of option ids). */
struct option_table {
	const struct option_def *defs;
	size_t count; /* <= OPTIONS_MAX */
};

/* Parsed command line: values point into `storage`. */
struct options {
	const struct option_table *table;
	const char *value[OPTIONS_MAX]; /* by row; NULL when not given */
	char storage[OPTIONS_CMDLINE_MAX + 1];
	enum options_status status;
	char bad_token[80];  /* the offending token (truncated, sanitized) */
	char reason[160];    /* why it is wrong */
};

/* Parse cmdline (NULL = empty) against table into o. Returns o->status; on
 * error the options parsed before the bad token keep their values (so
 * console= still applies). truncated: the loader cut the line, which is
 * OPTIONS_ERR_TOO_LONG once the part that arrived has been parsed. */
enum options_status options_parse(struct options *o, const struct option_table *table, const char *cmdline,
				  bool truncated);
/* Value of row id: the given one, else its default; NULL for a bad id. */
const char *options_value(const struct options *o, size_t id);
/* True if row id was given on the command line. */
bool options_given(const struct options *o, size_t id);
/* Numeric value of an OPT_UINT row (given or default; 0 if it has none). */
uint64_t options_uint(const struct options *o, size_t id);
/* Position of an OPT_ENUM row's value (given or default) in its `allowed`
 * list: "auto|on|off" with on gives 1. Owners order their enums to match. */
size_t options_enum_index(const struct options *o, size_t id);
/* Text for a status, e.g. "unknown option". */
const char *options_status_name(enum options_status st);
/* Error code for the stream, e.g. "CMDLINE_UNKNOWN_KEY". */
const char *options_status_code(enum options_status st);

#endif

/* A LAVA job log (lava-run's stderr without a server, output.yaml or
 * `lavacli jobs logs --raw` with one): one YAML flow mapping per line,
 * `{"dt": "…", "lvl": "…", "msg": …}`, optionally after "- " (lava_common/log.py
 * dump(): sorted keys, every scalar double-quoted, one line). The DUT's
 * console is the `lvl: target` records, one line each (lava_dispatcher/shell.py
 * ShellLogger), and `lvl: feedback` for lines read while another action holds
 * the connection (the end record, when the monitor stopped at its pattern). Decoding a target record undoes both layers: YAML's escapes,
 * then ShellLogger's own rewrite of every `"` as `\"`. What ShellLogger drops
 * cannot come back: `\r` (the stream is defined without it), ESC, and empty
 * lines (it folds "\n\n"; the stream has none). */
#ifndef IDLEBENCH_TOOLS_CAPTURE_LAVA_LOG_H
#define IDLEBENCH_TOOLS_CAPTURE_LAVA_LOG_H

#include <stddef.h>

enum lava_log_line {
	LAVA_LOG_NOT_RECORD, /* not a LAVA log record (a blank line, another file's text) */
	LAVA_LOG_OTHER,      /* a record of the dispatcher itself (info, debug, results, …) */
	LAVA_LOG_TARGET,     /* a console line: its text (no newline) is in out */
	LAVA_LOG_BAD,        /* a target record whose msg is not a well-formed double-quoted string */
};

/* Classify line (len bytes, no newline) and, for a target record, decode its
 * msg into out (at most out_size bytes, not NUL-terminated) and set *out_len;
 * a text longer than out_size is LAVA_LOG_BAD. Characters above 0x7F (YAML's
 * \x, \u, \U escapes) are written as UTF-8. */
enum lava_log_line lava_log_decode(const char *line, size_t len, char *out, size_t out_size, size_t *out_len);

#endif

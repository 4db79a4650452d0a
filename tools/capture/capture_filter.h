/* What a terminal line or a BMC's serial-over-LAN client adds to a result
 * stream in transit, removed before the stream reader sees it:
 * - terminal escape sequences (ECMA-48: CSI `ESC [ params final`, OSC
 *   `ESC ] … BEL` or `… ESC \`, two-byte `ESC x`, charset `ESC ( x`), which
 *   BMCs send on connect (screen refresh, cursor moves, colours);
 * - NUL bytes (SOL idle fill, a BMC's buffer on connect);
 * - the SOL client's banner at the start of each connection: ipmitool's
 *   `[SOL Session operational.  Use ~? for help]` (lib/ipmi_sol.c prints it
 *   on stdout once the payload is active), FreeIPMI ipmiconsole's
 *   `[SOL established]`.
 * The kernel writes none of these bytes, so removing them cannot change the
 * stream; a corruption they arrived with is still caught by the end
 * record's CRC-32 (a control byte that is not a well-formed sequence stays
 * and makes the reader fail). */
#ifndef IDLEBENCH_TOOLS_CAPTURE_FILTER_H
#define IDLEBENCH_TOOLS_CAPTURE_FILTER_H

#include <stdbool.h>
#include <stddef.h>

/* Most bytes held back between calls (a banner prefix being matched). */
#define CAPTURE_FILTER_HOLD_MAX 64

/* Filter state; carried across reads and reconnects. */
struct capture_filter {
	int esc;                 /* escape-sequence state, 0 outside one */
	size_t esc_len;          /* bytes of the current sequence */
	bool connection_start;   /* nothing passed since the connection began */
	bool skip_line;          /* dropping a banner up to its line end */
	char held[CAPTURE_FILTER_HOLD_MAX];
	size_t held_len;
};

/* A fresh filter at the start of the first connection. */
void capture_filter_init(struct capture_filter *f);

/* A new connection begins (the SOL client was restarted): expect its banner again. */
void capture_filter_new_connection(struct capture_filter *f);

/* Filter n bytes of in into out, which must hold n + CAPTURE_FILTER_HOLD_MAX
 * bytes; returns how many bytes were written. */
size_t capture_filter_run(struct capture_filter *f, const char *in, size_t n, char *out);

/* Bytes still held (a banner prefix that never completed) go to out
 * (CAPTURE_FILTER_HOLD_MAX bytes); returns how many. */
size_t capture_filter_flush(struct capture_filter *f, char *out);

#endif

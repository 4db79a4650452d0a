/* Where `idlebench capture` reads a stream from: a serial device
 * (`/dev/tty…[,baud]`), a regular file, `-` (stdin) or `cmd:COMMAND` (a
 * shell command's stdout, e.g. QEMU with `-serial stdio`, or a BMC's
 * serial-over-LAN client, which capture can start again). */
#ifndef IDLEBENCH_TOOLS_CAPTURE_SOURCE_H
#define IDLEBENCH_TOOLS_CAPTURE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Seconds a command may keep running after its stream before capture ends it
 * (QEMU with isa-debug-exit is gone within milliseconds; an SOL client never exits). */
#define CAPTURE_COMMAND_GRACE_SECONDS 5

/* The kinds of source, told apart by the SOURCE argument's form. */
enum capture_source_kind {
	CAPTURE_SOURCE_FILE,
	CAPTURE_SOURCE_STDIN,
	CAPTURE_SOURCE_SERIAL,
	CAPTURE_SOURCE_COMMAND,
};

/* An open source: read stream bytes from fd. */
struct capture_source {
	enum capture_source_kind kind;
	int fd;
	int stdin_fd;        /* a command's stdin pipe, held open (never written), else -1 */
	pid_t pid;           /* the shell running a command source, else 0 */
};

/* Open spec; returns 0, or 1 (cannot open) / 2 (malformed spec) with a one-line reason in err. */
int capture_source_open(struct capture_source *src, const char *spec, char *err, size_t err_size);

/* Close the source. A command gets grace_seconds to exit, then SIGTERM to its
 * process group (it runs in its own, with a silent stdin pipe); note
 * receives how it ended ("command exited with status 33"), or "" for other
 * kinds. Returns the command's wait status, or 0. */
int capture_source_close(struct capture_source *src, double grace_seconds, char *note, size_t note_size);

#endif

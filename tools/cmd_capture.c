/* `idlebench capture [--out DIR] [--quiet] [--require-ok] SOURCE`: read a
 * result stream from a serial line, a file, stdin or a command, skip the noise
 * before the `#! idlebench` header, stop at the end record, verify it, and save
 * the normalized stream (header to end line, `\r` removed) under DIR as
 * `<vendor>-<family>h-<model>h-<product>-<UTC time>.csv`. A stream that is cut
 * off or corrupted is still saved in full, as `…-INCOMPLETE.csv`, exit 1. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tools/capture_source.h"
#include "tools/cli_options.h"
#include "tools/commands.h"
#include "tools/result_name.h"
#include "tools/serial_port.h"
#include "tools/stream_reader.h"

/* Attempts at a free name (`-2`, `-3`, …) before giving up. */
#define CAPTURE_NAME_TRIES 1000

static volatile sig_atomic_t capture_interrupted;

static void on_signal(int sig)
{
	capture_interrupted = sig;
}

/* The file being written: created at the header, renamed at the end. */
struct capture_file {
	const char *dir;
	char temp[4096];
	FILE *f;
	time_t header_time;
	int write_errno;
};

static int make_dirs(const char *dir)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(path, 0777) < 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(path, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

/* Stream sink: the first byte is the header's `#`, so this is where a file begins. */
static void save_bytes(void *ctx, const char *bytes, size_t len)
{
	struct capture_file *cf = ctx;
	if (cf->write_errno)
		return;
	if (!cf->f) {
		cf->header_time = time(NULL);
		if (make_dirs(cf->dir) < 0) {
			cf->write_errno = errno;
			return;
		}
		snprintf(cf->temp, sizeof cf->temp, "%s/.capture-XXXXXX", cf->dir);
		int fd = mkstemp(cf->temp);
		if (fd < 0 || !(cf->f = fdopen(fd, "wb"))) {
			cf->write_errno = errno;
			if (fd >= 0)
				close(fd);
			return;
		}
		mode_t mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	/* Flushed per chunk: a capture killed mid-run leaves everything received on disk. */
	if (fwrite(bytes, 1, len, cf->f) != len || fflush(cf->f) != 0)
		cf->write_errno = errno ? errno : EIO;
}

/* Move the temporary file to the first free `<base>[-N][-INCOMPLETE].csv`; the
 * O_EXCL reservation makes sure no existing result is ever overwritten. */
static int publish(struct capture_file *cf, const char *base, bool complete, char *out, size_t size)
{
	for (int n = 1; n <= CAPTURE_NAME_TRIES; n++) {
		char suffix[16] = "";
		if (n > 1)
			snprintf(suffix, sizeof suffix, "-%d", n);
		if (snprintf(out, size, "%s/%s%s%s.csv", cf->dir, base, suffix, complete ? "" : "-INCOMPLETE") >=
		    (int)size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0) {
			if (errno == EEXIST)
				continue;
			return -1;
		}
		close(fd);
		if (rename(cf->temp, out) < 0) {
			int e = errno;
			unlink(out);
			errno = e;
			return -1;
		}
		return 0;
	}
	errno = EEXIST;
	return -1;
}

#define CAPTURE_TEXT_(x) #x
#define CAPTURE_TEXT(x) CAPTURE_TEXT_(x)

enum { OPT_OUT, OPT_QUIET, OPT_REQUIRE_OK };
static const struct cli_option options[] = {
	[OPT_OUT] = { "out", 0, "DIR", "save under DIR (default results)" },
	[OPT_QUIET] = { "quiet", 'q', NULL, "do not echo the input or progress to stderr" },
	[OPT_REQUIRE_OK] = { "require-ok", 0, NULL, "exit 1 also when an intact stream ended status=error" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command capture_cli = {
	"capture", "SOURCE",
	"  SOURCE: /dev/ttyUSB0[,BAUD] (any /dev/tty*: raw 8N1, default " CAPTURE_TEXT(SERIAL_PORT_DEFAULT_BAUD) " baud),\n"
	"          FILE, - (stdin, e.g. `ipmitool ... sol activate | idlebench capture -`),\n"
	"          cmd:COMMAND (its stdout, e.g. cmd:qemu-system-x86_64 ... -serial stdio)\n",
	"Saves DIR/<vendor>-<family>h-<model>h-<product>-<UTC time>.csv and prints its path\n"
	"last on stdout; a truncated or corrupted stream is saved as ...-INCOMPLETE.csv, exit 1.\n"
	"Exit: 0 saved; 1 nothing or an incomplete stream saved, or (--require-ok) status=error; 2 usage.\n",
	options, CLI_DASHDASH_ENDS_OPTIONS,
};

struct capture_options {
	const char *dir, *source;
	bool quiet, require_ok;
};

/* -1: go on; else the exit status. */
static int parse_options(int argc, char **argv, struct capture_options *o)
{
	*o = (struct capture_options){ .dir = "results" };
	struct cli_parser p;
	const char *arg;
	cli_parser_begin(&p, &capture_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		switch (a) {
		case OPT_OUT:
			o->dir = arg;
			break;
		case OPT_QUIET:
			o->quiet = true;
			break;
		case OPT_REQUIRE_OK:
			o->require_ok = true;
			break;
		case CLI_OPERAND:
			if (o->source)
				return cli_usage_error(&capture_cli, "one SOURCE only ('%s' and '%s')", o->source, arg);
			o->source = arg;
			break;
		default:
			return cli_exit_status(a);
		}
	}
	if (!o->source)
		return cli_usage_error(&capture_cli, "no SOURCE given");
	if (!*o->dir)
		return cli_usage_error(&capture_cli, "--out needs a directory");
	return -1;
}

/* After a signal, keep what already arrived (pipe or UART buffer) without waiting for more. */
static void drain(int fd, struct stream_reader *r, bool echo)
{
	char buf[4096];
	ssize_t n;
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return;
	while (!stream_reader_done(r) && (n = read(fd, buf, sizeof buf)) > 0) {
		if (echo && fwrite(buf, 1, (size_t)n, stderr) != (size_t)n)
			echo = false;
		stream_reader_feed(r, buf, (size_t)n);
	}
	fcntl(fd, F_SETFL, flags);
}

/* Read until the end record, EOF, an error or a signal; returns false on a read error. */
static bool pump(int fd, struct stream_reader *r, bool echo, char *err, size_t err_size)
{
	char buf[4096];
	while (!stream_reader_done(r) && !capture_interrupted) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n == 0)
			return true;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, err_size, "read: %s", strerror(errno));
			return false;
		}
		if (echo && fwrite(buf, 1, (size_t)n, stderr) != (size_t)n)
			echo = false;
		stream_reader_feed(r, buf, (size_t)n);
	}
	if (capture_interrupted && !stream_reader_done(r))
		drain(fd, r, echo);
	return true;
}

int cmd_capture(int argc, char **argv)
{
	struct capture_options o;
	int rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;

	char err[512] = "", note[128] = "";
	struct capture_source src;
	rc = capture_source_open(&src, o.source, err, sizeof err);
	if (rc) {
		fprintf(stderr, "capture: %s\n", err);
		return rc;
	}
	struct stream_reader *r = stream_reader_new();
	if (!r) {
		capture_source_close(&src, 0, note, sizeof note);
		fprintf(stderr, "capture: out of memory\n");
		return 1;
	}
	struct capture_file cf = { .dir = o.dir };
	stream_reader_set_sink(r, save_bytes, &cf);

	/* No SA_RESTART: a signal interrupts read() so Ctrl-C saves what arrived. */
	struct sigaction sa = { .sa_handler = on_signal }, old_int, old_term, old_hup;
	sigemptyset(&sa.sa_mask);
	capture_interrupted = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	if (!o.quiet)
		fprintf(stderr, "capture: reading %s (Ctrl-C stops and keeps what arrived)\n", o.source);

	bool read_ok = pump(src.fd, r, !o.quiet, err, sizeof err);
	stream_reader_finish(r);
	/* After Ctrl-C the user wants out now; otherwise let a command finish. */
	capture_source_close(&src, capture_interrupted ? 0 : CAPTURE_COMMAND_GRACE_SECONDS, note, sizeof note);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);

	char why[1024];
	snprintf(why, sizeof why, "%s%s%s%s", stream_reader_message(r),
		 capture_interrupted ? " (interrupted by a signal)" : "", read_ok ? "" : "; ", read_ok ? "" : err);

	if (!stream_reader_started(r)) {
		fprintf(stderr, "capture: %s: %s; nothing saved%s%s\n", o.source, why, note[0] ? "; " : "", note);
		stream_reader_free(r);
		return 1;
	}
	if (cf.f && fclose(cf.f) != 0 && !cf.write_errno)
		cf.write_errno = errno;
	cf.f = NULL;
	if (cf.write_errno) {
		fprintf(stderr, "capture: cannot save under %s: %s%s%s\n", o.dir, strerror(cf.write_errno),
			cf.temp[0] ? "; partial data in " : "", cf.temp);
		stream_reader_free(r);
		return 1;
	}

	bool complete = stream_reader_result(r) == STREAM_OK;
	char base[512], path[4096];
	if (!result_name_base(r, cf.header_time, base, sizeof base) ||
	    publish(&cf, base, complete, path, sizeof path) < 0) {
		fprintf(stderr, "capture: cannot name the result under %s (%s); the stream is in %s\n", o.dir,
			strerror(errno), cf.temp);
		stream_reader_free(r);
		return 1;
	}
	const char *status = stream_reader_end_status(r);
	if (complete) {
		if (note[0] && !o.quiet)
			fprintf(stderr, "capture: %s\n", note);
		if (!o.quiet)
			fprintf(stderr, "capture: saved %s (rows=%zu status=%s, row count and CRC-32 verified)\n",
				path, stream_reader_row_count(r), status);
		rc = o.require_ok && strcmp(status, "ok") ? 1 : 0;
		if (rc)
			fprintf(stderr, "capture: %s: the run ended with status=error (see its error records)\n",
				path);
	} else {
		fprintf(stderr, "capture: %s: %s; everything received is saved in %s%s%s\n", o.source, why, path,
			note[0] ? "; " : "", note);
		rc = 1;
	}
	printf("%s\n", path);
	fflush(stdout);
	stream_reader_free(r);
	return rc;
}

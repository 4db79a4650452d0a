/* `idlebench capture [--out DIR] [--quiet] [--require-ok] [--reconnect N]
 * [--reconnect-delay S] [--timeout S] SOURCE`: read result streams from a
 * serial line, a file, stdin or a command, skip the noise before each
 * `#! idlebench` header (and a BMC's escape sequences and SOL banners,
 * tools/capture/capture_filter.h), stop at the end record, verify it, and save each
 * boot's normalized stream (header to end line, `\r` removed) under DIR with
 * the one naming scheme (lib/result_name.h). A command that ends
 * before the end record (an SOL client losing its session) is started again
 * and the stream continues; a new header starts a new file, so two boots
 * are never merged. A stream that is cut off or corrupted is still saved in
 * full, as `…-INCOMPLETE.csv`. `--lava-log FILE` reads the console out of a
 * LAVA job log instead of a SOURCE (tools/capture/lava_log.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tools/capture/capture_filter.h"
#include "tools/capture/capture_source.h"
#include "tools/capture/lava_log.h"
#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "tools/common/result_file.h"
#include "tools/capture/serial_port.h"
#include "tools/common/stream_reader.h"

/* Defaults: an SOL client is restarted up to 10 times, 5 s apart (a BMC
 * drops a session in seconds and takes a few to accept the next); the
 * whole capture ends after a day without an end record. */
#define CAPTURE_RECONNECT_DEFAULT 10
#define CAPTURE_RECONNECT_DELAY_DEFAULT 5
#define CAPTURE_TIMEOUT_DEFAULT 86400

static volatile sig_atomic_t capture_interrupted;

static void on_signal(int sig)
{
	capture_interrupted = sig;
}

struct capture_options {
	const char *dir, *source, *lava_log;
	bool quiet, require_ok;
	unsigned long reconnect, reconnect_delay, timeout;
};

/* One boot's stream: its reader and the file it is saved to. */
struct boot {
	struct stream_reader *r;
	struct result_file rf;
	time_t header_time;
	int write_errno;
	const char *dir;
};

/* Everything read so far: the current boot and the header matcher that
 * cuts the input where the next boot's header begins. */
struct session {
	const struct capture_options *o;
	struct boot cur;
	struct capture_filter filter;
	size_t match;                 /* bytes of "#! idlebench " matched */
	char held[32];                /* those bytes, not yet given to a reader */
	size_t held_len;
	int rc;                       /* the last finished boot's verdict */
	unsigned saved;               /* files saved */
	bool fatal;                   /* a file could not be written: stop */
};

static const char header_prefix[] = "#! idlebench ";
#define HEADER_PREFIX_LEN (sizeof header_prefix - 1)

/* Stream sink: the first byte is the header's `#`, so this is where a file begins. */
static void save_bytes(void *ctx, const char *bytes, size_t len)
{
	struct boot *b = ctx;
	if (b->write_errno)
		return;
	if (!b->rf.f && !b->rf.temp[0]) {
		b->header_time = time(NULL);
		if (result_file_create(&b->rf, b->dir) < 0) {
			b->write_errno = errno;
			return;
		}
	}
	/* Flushed per chunk: a capture killed mid-run leaves everything received on disk. */
	if (fwrite(bytes, 1, len, b->rf.f) != len || fflush(b->rf.f) != 0)
		b->write_errno = errno ? errno : EIO;
}

static bool boot_start(struct session *s)
{
	memset(&s->cur, 0, sizeof s->cur);
	s->cur.dir = s->o->dir;
	s->cur.r = stream_reader_new();
	if (!s->cur.r)
		return false;
	stream_reader_set_sink(s->cur.r, save_bytes, &s->cur);
	return true;
}

/* The boot's input has ended (why: "" or what cut it off, after the
 * reader's verdict; tail: "" or how the command ended): save its file and
 * say what it holds. */
static void boot_finish(struct session *s, const char *why, const char *tail)
{
	struct boot *b = &s->cur;
	const struct capture_options *o = s->o;
	stream_reader_finish(b->r);
	if (!stream_reader_started(b->r))
		return;
	if (b->rf.f && fflush(b->rf.f) != 0 && !b->write_errno)
		b->write_errno = errno;
	if (b->write_errno) {
		fprintf(stderr, "idlebench capture: cannot save under %s: %s%s%s\n", o->dir, strerror(b->write_errno),
			b->rf.temp[0] ? "; partial data in " : "", b->rf.temp);
		s->rc = 1;
		s->fatal = true;
		return;
	}
	bool complete = stream_reader_result(b->r) == STREAM_OK;
	struct result_name_meta m;
	char path[4096];
	result_name_meta_from_reader(b->r, &m);
	if (result_file_publish(&b->rf, &m, b->header_time, complete, path, sizeof path) < 0) {
		fprintf(stderr, "idlebench capture: cannot name the result under %s (%s); the stream is in %s\n", o->dir,
			strerror(errno), b->rf.temp);
		s->rc = 1;
		s->fatal = true;
		return;
	}
	const char *status = stream_reader_end_status(b->r);
	if (complete) {
		if (!o->quiet)
			fprintf(stderr, "idlebench capture: saved %s (rows=%zu status=%s, row count and CRC-32 verified)\n",
				path, stream_reader_row_count(b->r), status);
		s->rc = o->require_ok && strcmp(status, "ok") ? 1 : 0;
		if (s->rc)
			fprintf(stderr, "idlebench capture: %s: the run ended with status=error (see its error records)\n",
				path);
	} else {
		fprintf(stderr, "idlebench capture: %s: %s%s; everything received is saved in %s%s%s\n",
			o->source ? o->source : o->lava_log,
			stream_reader_message(b->r), why, path, tail[0] ? "; " : "", tail);
		s->rc = 1;
	}
	s->saved++;
	printf("%s\n", path);
	fflush(stdout);
}

static void boot_free(struct session *s)
{
	stream_reader_free(s->cur.r);
	s->cur.r = NULL;
}

static void to_reader(struct session *s, const char *p, size_t n)
{
	if (n)
		stream_reader_feed(s->cur.r, p, n);
}

/* Filtered input: given to the current boot's reader, except that a new
 * `#! idlebench ` header after a started stream finishes that boot and
 * begins the next (the bytes of a possible header are held back until it
 * is clear whether they are one). */
static void session_text(struct session *s, const char *p, size_t n)
{
	size_t run = 0; /* p[run..i) not yet given to the reader */
	for (size_t i = 0; i < n && !s->fatal && !stream_reader_done(s->cur.r); i++) {
		char c = p[i];
		if (c == header_prefix[s->match] || (c == '\r' && s->match > 0)) {
			if (s->match == 0) {
				to_reader(s, p + run, i - run);
				if (stream_reader_done(s->cur.r))
					return;
			}
			run = i + 1;
			if (s->held_len == sizeof s->held) { /* a run of '\r': not a header */
				to_reader(s, s->held, s->held_len);
				s->held_len = 0;
				s->match = 0;
				continue;
			}
			s->held[s->held_len++] = c;
			if (c != '\r' && ++s->match == HEADER_PREFIX_LEN) {
				if (stream_reader_started(s->cur.r)) {
					boot_finish(s, " (a new `#! idlebench` header followed: the machine restarted)", "");
					boot_free(s);
					if (s->fatal || !boot_start(s)) {
						s->fatal = true;
						return;
					}
				}
				to_reader(s, s->held, s->held_len);
				s->held_len = 0;
				s->match = 0;
			}
			continue;
		}
		if (s->match > 0) {
			to_reader(s, s->held, s->held_len);
			s->held_len = 0;
			s->match = 0;
			if (c == '#') {
				i--; /* a new match may start here */
				run = i + 1;
				continue;
			}
			run = i;
		}
	}
	if (!s->fatal && !stream_reader_done(s->cur.r) && run < n && s->match == 0)
		to_reader(s, p + run, n - run);
}

/* Raw input: echoed, filtered, handed on. */
static void session_input(struct session *s, const char *buf, size_t n)
{
	char clean[4096 + CAPTURE_FILTER_HOLD_MAX];
	if (!s->o->quiet && fwrite(buf, 1, n, stderr) != n)
		clearerr(stderr);
	while (n) {
		size_t part = n < 4096 ? n : 4096;
		session_text(s, clean, capture_filter_run(&s->filter, buf, part, clean));
		buf += part;
		n -= part;
	}
}

/* Why reading one connection stopped. */
enum pump_end { PUMP_EOF, PUMP_DONE, PUMP_ERROR, PUMP_SIGNAL, PUMP_TIMEOUT };

/* After a signal, keep what already arrived (pipe or UART buffer) without waiting for more. */
static void drain(struct session *s, int fd)
{
	char buf[4096];
	ssize_t n;
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return;
	while (!s->fatal && !stream_reader_done(s->cur.r) && (n = read(fd, buf, sizeof buf)) > 0)
		session_input(s, buf, (size_t)n);
	fcntl(fd, F_SETFL, flags);
}

/* Read one connection until the end record, EOF, an error, a signal or the deadline. */
static enum pump_end pump(struct session *s, int fd, time_t deadline, bool *got_bytes, char *err, size_t err_size)
{
	char buf[4096];
	while (!s->fatal && !stream_reader_done(s->cur.r)) {
		if (capture_interrupted) {
			drain(s, fd);
			return PUMP_SIGNAL;
		}
		time_t left = deadline - time(NULL);
		if (left <= 0)
			return PUMP_TIMEOUT;
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int ready = poll(&pfd, 1, left > 3600 ? 3600 * 1000 : (int)left * 1000);
		if (ready < 0 && errno != EINTR) {
			snprintf(err, err_size, "poll: %s", strerror(errno));
			return PUMP_ERROR;
		}
		if (ready <= 0)
			continue;
		ssize_t n = read(fd, buf, sizeof buf);
		if (n == 0)
			return PUMP_EOF;
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			snprintf(err, err_size, "read: %s", strerror(errno));
			return PUMP_ERROR;
		}
		*got_bytes = true;
		session_input(s, buf, (size_t)n);
	}
	return PUMP_DONE;
}

enum { OPT_OUT, OPT_QUIET, OPT_REQUIRE_OK, OPT_RECONNECT, OPT_RECONNECT_DELAY, OPT_TIMEOUT, OPT_LAVA_LOG };
static const struct cli_option options[] = {
	[OPT_OUT] = { "out", 0, "DIR", "save under DIR (default results)" },
	[OPT_QUIET] = { "quiet", 'q', NULL, "do not echo the input or progress to stderr" },
	[OPT_REQUIRE_OK] = { "require-ok", 0, NULL, "exit 1 also when an intact stream ended status=error" },
	[OPT_RECONNECT] = { "reconnect", 0, "N",
			    "restart a cmd: source that ends before the end record up to N times in all (default "
			    CLI_TEXT(CAPTURE_RECONNECT_DEFAULT) "; 0: never, e.g. for QEMU)" },
	[OPT_RECONNECT_DELAY] = { "reconnect-delay", 0, "SECONDS",
				  "wait between restarts (default " CLI_TEXT(CAPTURE_RECONNECT_DELAY_DEFAULT) ")" },
	[OPT_TIMEOUT] = { "timeout", 0, "SECONDS",
			  "give up without an end record after this long (default "
			  CLI_TEXT(CAPTURE_TIMEOUT_DEFAULT) ")" },
	[OPT_LAVA_LOG] = { "lava-log", 0, "FILE",
			   "instead of a SOURCE: the DUT's console in a LAVA job log (lava-run's\n"
			   "output, or the server's output.yaml; see lava/README.md)" },
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command capture_cli = {
	"capture", "SOURCE",
	"  SOURCE: /dev/ttyUSB0[,BAUD] (any /dev/tty*: raw 8N1, default " CLI_TEXT(SERIAL_PORT_DEFAULT_BAUD) " baud),\n"
	"          FILE, - (stdin),\n"
	"          cmd:COMMAND (its stdout, e.g. --reconnect 0 cmd:qemu-system-x86_64 ... -serial stdio:\n"
	"          a command that ends is started again, which for QEMU is another boot;\n"
	"          or a BMC: 'cmd:ipmitool -I lanplus -H BMC -U USER -E sol activate')\n",
	"Saves DIR/<vendor>-<family>h-<model>h-<product>[-<label>]-<UTC time>.csv per boot\n"
	"and prints each path on stdout; a truncated or corrupted stream is saved as\n"
	"...-INCOMPLETE.csv. Exit: 0 the last stream read was verified; 1 nothing or an\n"
	"incomplete stream saved, or (--require-ok) status=error; 2 usage.\n",
	options, CLI_DASHDASH_ENDS_OPTIONS,
};

/* A whole number from 0 to max for option name, or a usage error (exit 2). */
static int parse_count(const char *name, const char *v, unsigned long max, unsigned long *out)
{
	char *end;
	errno = 0;
	unsigned long x = strtoul(v, &end, 10);
	if (v[0] < '0' || v[0] > '9' || *end || errno || x > max)
		return cli_usage_error(&capture_cli, "--%s needs a whole number from 0 to %lu, not '%s'", name, max, v);
	*out = x;
	return -1;
}

/* -1: go on; else the exit status. */
static int parse_options(int argc, char **argv, struct capture_options *o)
{
	*o = (struct capture_options){ .dir = "results",
				       .reconnect = CAPTURE_RECONNECT_DEFAULT,
				       .reconnect_delay = CAPTURE_RECONNECT_DELAY_DEFAULT,
				       .timeout = CAPTURE_TIMEOUT_DEFAULT };
	struct cli_parser p;
	const char *arg;
	int rc = -1;
	cli_parser_begin(&p, &capture_cli, argc, argv);
	for (int a; rc < 0 && (a = cli_next(&p, &arg)) != CLI_END;) {
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
		case OPT_RECONNECT:
			rc = parse_count("reconnect", arg, 1000, &o->reconnect);
			break;
		case OPT_RECONNECT_DELAY:
			rc = parse_count("reconnect-delay", arg, 3600, &o->reconnect_delay);
			break;
		case OPT_LAVA_LOG:
			o->lava_log = arg;
			break;
		case OPT_TIMEOUT:
			rc = parse_count("timeout", arg, 30 * 86400, &o->timeout);
			if (rc < 0 && o->timeout == 0)
				rc = cli_usage_error(&capture_cli, "--timeout must be at least 1 second");
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
	if (rc >= 0)
		return rc;
	if (o->lava_log && o->source)
		return cli_usage_error(&capture_cli, "--lava-log reads its FILE instead of a SOURCE ('%s')", o->source);
	if (o->lava_log && !*o->lava_log)
		return cli_usage_error(&capture_cli, "--lava-log needs a file");
	if (!o->source && !o->lava_log)
		return cli_usage_error(&capture_cli, "no SOURCE given");
	if (!*o->dir)
		return cli_usage_error(&capture_cli, "--out needs a directory");
	return -1;
}

/* Sleep up to seconds, ending early on a signal or at the deadline. */
static void pause_before_restart(unsigned long seconds, time_t deadline)
{
	time_t until = time(NULL) + (time_t)seconds;
	if (until > deadline)
		until = deadline;
	struct timespec step = { 0, 100 * 1000 * 1000 };
	while (!capture_interrupted && time(NULL) < until)
		nanosleep(&step, NULL);
}

/* --lava-log FILE: every console line of the job log, in order, through the
 * same session as a live source (so a LAVA retry's second boot is a second
 * file); a log without any, or without a stream in them, says which. */
static int capture_lava_log(const struct capture_options *o)
{
	FILE *f = fopen(o->lava_log, "r");
	if (!f) {
		fprintf(stderr, "idlebench capture: %s: %s\n", o->lava_log, strerror(errno));
		return 1;
	}
	struct stat st;
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "idlebench capture: %s: a directory; --lava-log reads one job log file\n", o->lava_log);
		fclose(f);
		return 1;
	}
	struct session s = { .o = o, .rc = 1 };
	capture_filter_init(&s.filter);
	if (!boot_start(&s)) {
		fclose(f);
		fprintf(stderr, "idlebench capture: out of memory\n");
		return 1;
	}
	char *line = NULL, *text = NULL;
	size_t cap = 0, text_cap = 0, lineno = 0, records = 0, console = 0, later_streams = 0;
	ssize_t n;
	bool bad = false;
	while (!s.fatal && !bad && (n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		if (text_cap < (size_t)n + 1) { /* a decoded msg is never longer than its line */
			free(text);
			text_cap = (size_t)n + 1;
			text = malloc(text_cap);
			if (!text) {
				fprintf(stderr, "idlebench capture: out of memory\n");
				s.fatal = true;
				break;
			}
		}
		size_t len;
		switch (lava_log_decode(line, (size_t)n, text, text_cap - 1, &len)) {
		case LAVA_LOG_NOT_RECORD:
			break;
		case LAVA_LOG_OTHER:
			records++;
			break;
		case LAVA_LOG_TARGET:
			records++;
			console++;
			text[len++] = '\n';
			if (!stream_reader_done(s.cur.r))
				session_input(&s, text, len);
			else if (len > 13 && !memcmp(text, "#! idlebench ", 13))
				later_streams++;
			break;
		case LAVA_LOG_BAD:
			fprintf(stderr, "idlebench capture: %s line %zu: a console (lvl target) record whose msg is not one "
				"double-quoted YAML string\n", o->lava_log, lineno);
			bad = true;
			break;
		}
	}
	bool read_error = ferror(f);
	free(line);
	free(text);
	fclose(f);
	if (read_error && !bad) {
		fprintf(stderr, "idlebench capture: %s: read error\n", o->lava_log);
		bad = true;
	}
	if (!s.fatal && !stream_reader_done(s.cur.r)) {
		char rest[CAPTURE_FILTER_HOLD_MAX];
		to_reader(&s, s.held, s.held_len);
		to_reader(&s, rest, capture_filter_flush(&s.filter, rest));
	}
	if (!s.fatal && !stream_reader_started(s.cur.r)) {
		stream_reader_finish(s.cur.r);
		if (bad)
			;
		else if (!records)
			fprintf(stderr, "idlebench capture: %s: not a LAVA job log (no line like {\"dt\": ..., \"lvl\": ..., "
				"\"msg\": ...}); nothing saved\n", o->lava_log);
		else if (!s.saved)
			fprintf(stderr, "idlebench capture: %s: the LAVA job log holds no idlebench stream: none of its %zu "
				"console (lvl target) lines starts one with `#! idlebench`; nothing saved\n",
				o->lava_log, console);
		else
			fprintf(stderr, "idlebench capture: %s: no further stream after the last saved file\n", o->lava_log);
		s.rc = 1;
	} else if (!s.fatal) {
		boot_finish(&s, bad ? " (the LAVA log could not be read to its end)" : " (the LAVA log ends here)", "");
		if (bad)
			s.rc = 1;
	}
	/* As from a live source, capture ends with the first complete stream:
	 * what follows it is said, never dropped in silence. */
	if (later_streams && !s.fatal) {
		fprintf(stderr, "idlebench capture: %s: %zu more stream%s after the first complete one, not saved "
			"(capture takes one complete stream per run)\n", o->lava_log, later_streams,
			later_streams == 1 ? " starts" : "s start");
		s.rc = 1;
	}
	boot_free(&s);
	return s.fatal ? 1 : s.rc;
}

int cmd_capture(int argc, char **argv)
{
	struct capture_options o;
	int rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.lava_log)
		return capture_lava_log(&o);

	char err[512] = "", note[128] = "";
	struct capture_source src;
	rc = capture_source_open(&src, o.source, err, sizeof err);
	if (rc) {
		fprintf(stderr, "idlebench capture: %s\n", err);
		return rc;
	}
	struct session s = { .o = &o, .rc = 1 };
	capture_filter_init(&s.filter);
	if (!boot_start(&s)) {
		capture_source_close(&src, 0, note, sizeof note);
		fprintf(stderr, "idlebench capture: out of memory\n");
		return 1;
	}

	/* No SA_RESTART: a signal interrupts read() so Ctrl-C saves what arrived. */
	struct sigaction sa = { .sa_handler = on_signal }, old_int, old_term, old_hup;
	sigemptyset(&sa.sa_mask);
	capture_interrupted = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	if (!o.quiet)
		fprintf(stderr, "idlebench capture: reading %s (Ctrl-C stops and keeps what arrived)\n", o.source);

	time_t deadline = time(NULL) + (time_t)o.timeout;
	unsigned long restarts = 0;
	enum pump_end end;
	for (;;) {
		bool got_bytes = false;
		end = pump(&s, src.fd, deadline, &got_bytes, err, sizeof err);
		bool more = end == PUMP_EOF && src.kind == CAPTURE_SOURCE_COMMAND && restarts < o.reconnect &&
			    (got_bytes || restarts > 0) && time(NULL) < deadline;
		/* After Ctrl-C the user wants out now; otherwise let a command finish. */
		capture_source_close(&src, capture_interrupted ? 0 : more ? 2 : CAPTURE_COMMAND_GRACE_SECONDS, note,
				     sizeof note);
		if (!more)
			break;
		restarts++;
		if (!o.quiet)
			fprintf(stderr, "\nidlebench capture: %s; restarting it in %lu s (%lu of %lu)\n", note, o.reconnect_delay,
				restarts, o.reconnect);
		pause_before_restart(o.reconnect_delay, deadline);
		if (capture_interrupted)
			break;
		if (capture_source_open(&src, o.source, err, sizeof err)) {
			snprintf(note, sizeof note, "restart failed");
			end = PUMP_ERROR;
			break;
		}
		capture_filter_new_connection(&s.filter);
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);

	/* Bytes held as a possible header or banner that never completed belong to the stream. */
	if (!s.fatal && !stream_reader_done(s.cur.r)) {
		char rest[CAPTURE_FILTER_HOLD_MAX];
		to_reader(&s, s.held, s.held_len);
		to_reader(&s, rest, capture_filter_flush(&s.filter, rest));
	}
	char why[1024];
	snprintf(why, sizeof why, "%s%s%s%s", capture_interrupted ? " (interrupted by a signal)" : "",
		 end == PUMP_TIMEOUT ? " (no end record within --timeout)" : "", end == PUMP_ERROR ? "; " : "",
		 end == PUMP_ERROR ? err : "");
	if (!s.fatal && !stream_reader_started(s.cur.r)) {
		stream_reader_finish(s.cur.r);
		if (!s.saved) {
			fprintf(stderr, "idlebench capture: %s: %s%s; nothing saved%s%s\n", o.source,
				stream_reader_message(s.cur.r), why, note[0] ? "; " : "", note);
		} else {
			fprintf(stderr, "idlebench capture: %s: no further stream after the last saved file%s%s%s\n", o.source,
				why, note[0] ? "; " : "", note);
		}
		s.rc = 1;
	} else if (!s.fatal) {
		boot_finish(&s, why, note);
		if (!s.rc && note[0] && !o.quiet)
			fprintf(stderr, "idlebench capture: %s\n", note);
	}
	boot_free(&s);
	return s.fatal ? 1 : s.rc;
}

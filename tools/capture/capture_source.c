/* Capture sources: see tools/capture/capture_source.h. A command runs under /bin/sh
 * through fork/exec rather than popen(3) because pclose() waits without limit,
 * and a QEMU started with exit=halt never exits on its own: capture must stop
 * at the end record and then end the command (its whole process group) itself. */
#include "tools/capture/capture_source.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/capture/serial_port.h"

/* `/dev/ttyUSB0` or `/dev/ttyUSB0,115200`. */
static int open_serial(struct capture_source *src, const char *spec, char *err, size_t err_size)
{
	char path[4096];
	unsigned baud = SERIAL_PORT_DEFAULT_BAUD;
	const char *comma = strrchr(spec, ',');
	size_t plen = comma ? (size_t)(comma - spec) : strlen(spec);
	if (plen >= sizeof path) {
		snprintf(err, err_size, "serial device path too long");
		return 2;
	}
	memcpy(path, spec, plen);
	path[plen] = '\0';
	if (comma) {
		char *end;
		errno = 0;
		unsigned long b = strtoul(comma + 1, &end, 10);
		if (comma[1] < '0' || comma[1] > '9' || *end || errno || b > 4000000ul ||
		    !serial_port_baud_supported((unsigned)b)) {
			snprintf(err, err_size, "%s: bad baud rate '%s' (use 1200 ... 921600, e.g. 115200)",
				 path, comma + 1);
			return 2;
		}
		baud = (unsigned)b;
	}
	src->kind = CAPTURE_SOURCE_SERIAL;
	src->fd = serial_port_open(path, baud, err, err_size);
	return src->fd < 0 ? 1 : 0;
}

static int open_command(struct capture_source *src, const char *command, char *err, size_t err_size)
{
	int p[2], in[2];
	if (!*command) {
		snprintf(err, err_size, "cmd: needs a command, e.g. cmd:qemu-system-x86_64 ...");
		return 2;
	}
	if (pipe(p) < 0) {
		snprintf(err, err_size, "pipe: %s", strerror(errno));
		return 1;
	}
	if (pipe(in) < 0) {
		snprintf(err, err_size, "pipe: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return 1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, err_size, "fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		close(in[0]);
		close(in[1]);
		return 1;
	}
	if (pid == 0) {
		/* Own process group, so capture can end the shell and everything it
		 * started (Debian's dash forks even a single command). stdin is a
		 * pipe capture holds open and never writes: not the terminal, so a
		 * program in that background group never stops on SIGTTIN/SIGTTOU
		 * (QEMU's -nographic touches it), and never at end of file, because
		 * `ipmitool sol activate` ends its session when stdin reads EOF
		 * (lib/ipmi_sol.c ipmi_sol_red_pill: read() <= 0 sets bShouldExit). */
		setpgid(0, 0);
		close(p[0]);
		close(in[1]);
		if (dup2(in[0], STDIN_FILENO) < 0 || dup2(p[1], STDOUT_FILENO) < 0)
			_exit(127);
		close(in[0]);
		close(p[1]);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	close(in[0]);
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	setpgid(pid, pid); /* also here: no race with the kill below */
	src->kind = CAPTURE_SOURCE_COMMAND;
	src->fd = p[0];
	src->stdin_fd = in[1];
	src->pid = pid;
	return 0;
}

int capture_source_open(struct capture_source *src, const char *spec, char *err, size_t err_size)
{
	memset(src, 0, sizeof *src);
	src->fd = -1;
	src->stdin_fd = -1;
	if (!strcmp(spec, "-")) {
		src->kind = CAPTURE_SOURCE_STDIN;
		src->fd = STDIN_FILENO;
		return 0;
	}
	if (!strncmp(spec, "cmd:", 4))
		return open_command(src, spec + 4, err, err_size);
	if (!strncmp(spec, "/dev/tty", 8))
		return open_serial(src, spec, err, err_size);
	src->kind = CAPTURE_SOURCE_FILE;
	src->fd = open(spec, O_RDONLY | O_CLOEXEC);
	if (src->fd < 0) {
		snprintf(err, err_size, "%s: %s", spec, strerror(errno));
		return 1;
	}
	struct stat st;
	if (!fstat(src->fd, &st) && S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "%s: a directory; SOURCE is a serial device, a file, - (stdin) or cmd:COMMAND", spec);
		close(src->fd);
		src->fd = -1;
		return 1;
	}
	return 0;
}

/* waitpid with a deadline; true when the child was reaped into *status. */
static bool wait_until(pid_t pid, int *status, double seconds)
{
	struct timespec step = { 0, 20 * 1000 * 1000 };
	for (double t = 0; t <= seconds; t += 0.02) {
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid || (w < 0 && errno != EINTR))
			return w == pid;
		nanosleep(&step, NULL);
	}
	return false;
}

int capture_source_close(struct capture_source *src, double grace_seconds, char *note, size_t note_size)
{
	int status = 0;
	note[0] = '\0';
	if (src->fd >= 0 && src->kind != CAPTURE_SOURCE_STDIN)
		close(src->fd);
	src->fd = -1;
	if (src->stdin_fd >= 0)
		close(src->stdin_fd); /* the command may now see end of file on stdin */
	src->stdin_fd = -1;
	if (src->kind != CAPTURE_SOURCE_COMMAND || src->pid <= 0)
		return 0;
	const char *how = "";
	if (!wait_until(src->pid, &status, grace_seconds)) {
		how = " (ended by capture)";
		kill(-src->pid, SIGTERM);
		if (!wait_until(src->pid, &status, 2)) {
			kill(-src->pid, SIGKILL);
			waitpid(src->pid, &status, 0);
		}
	}
	if (WIFEXITED(status))
		snprintf(note, note_size, "command exited with status %d%s", WEXITSTATUS(status), how);
	else if (WIFSIGNALED(status))
		snprintf(note, note_size, "command killed by signal %d%s", WTERMSIG(status), how);
	src->pid = 0;
	return status;
}

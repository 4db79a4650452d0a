/* The restore file (tools/linux/linux_restore.h). One line per changed value:
 * "<root-prefixed path>\t<original value>", appended and fsync'ed before
 * the value is changed; a first line "# ..." says what the file is. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/linux/linux_restore.h"

void linux_journal_file(const struct linux_root *r, char *out)
{
	if (!linux_path(r, "/run/idlebench-linux.restore", out))
		out[0] = '\0';
}

bool linux_journal_begin(struct linux_journal *j, const struct linux_root *r, char *why, size_t size)
{
	char dir[LINUX_PATH_MAX];

	memset(j, 0, sizeof *j);
	j->fd = -1;
	linux_journal_file(r, j->file);
	if (linux_path(r, "/run", dir))
		(void)mkdir(dir, 0755);
	j->fd = open(j->file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (j->fd < 0) {
		if (errno == EEXIST)
			snprintf(why, size, "a restore is pending: %s lists values an earlier run changed and did not put "
				 "back; run `idlebench linux --restore` first", j->file);
		else
			snprintf(why, size, "cannot create the restore file %s: %s", j->file, strerror(errno));
		return false;
	}
	char head[160];
	int n = snprintf(head, sizeof head, "# idlebench linux: original sysfs values (pid %d); "
					   "`idlebench linux --restore` puts them back\n", (int)getpid());
	if (write(j->fd, head, (size_t)n) != n || fsync(j->fd) != 0) {
		snprintf(why, size, "cannot write the restore file %s: %s", j->file, strerror(errno));
		close(j->fd);
		unlink(j->file);
		j->fd = -1;
		return false;
	}
	return true;
}

bool linux_journal_set(struct linux_journal *j, const struct linux_root *r, const char *path, const char *value,
		       char *why, size_t size)
{
	char full[LINUX_PATH_MAX], old[32];
	size_t i;

	/* messages name the file under --sysfs-root, as the user gave it */
	if (!linux_path(r, path, full) || !linux_read_line(r, path, old, sizeof old)) {
		snprintf(why, size, "cannot read %s%s: %s", r->dir, path, strerror(errno));
		return false;
	}
	for (i = 0; i < j->count && strcmp(j->entry[i].full, full); i++)
		;
	if (i == j->count) {
		if (!strcmp(old, value))
			return true; /* already so: nothing to change, nothing to save */
		if (j->count == LINUX_JOURNAL_MAX || j->fd < 0) {
			snprintf(why, size, "cannot save %s: the restore journal is full or closed", full);
			return false;
		}
		char rec[LINUX_PATH_MAX + 48];
		int n = snprintf(rec, sizeof rec, "%s\t%s\n", full, old);
		if (n <= 0 || (size_t)n >= sizeof rec || write(j->fd, rec, (size_t)n) != n || fsync(j->fd) != 0) {
			snprintf(why, size, "cannot save %s in %s: %s", full, j->file, strerror(errno));
			return false;
		}
		snprintf(j->entry[i].full, sizeof j->entry[i].full, "%s", full);
		j->entry[i].line_len = (size_t)snprintf(j->entry[i].line, sizeof j->entry[i].line, "%s\n", old);
		j->count++;
	}
	if (!linux_write(r, path, value)) {
		snprintf(why, size, "cannot write %s to %s: %s", value, full, strerror(errno));
		return false;
	}
	return true;
}

/* Write line back to full (async-signal-safe); true on success. */
static bool put_back(const char *full, const char *line, size_t len)
{
	int fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool ok = write(fd, line, len) == (ssize_t)len;
	return close(fd) == 0 && ok;
}

size_t linux_journal_restore(struct linux_journal *j)
{
	size_t failed = 0;

	for (size_t i = j->count; i-- > 0;)
		failed += !put_back(j->entry[i].full, j->entry[i].line, j->entry[i].line_len);
	if (j->fd >= 0) {
		close(j->fd);
		j->fd = -1;
	}
	if (!failed && j->file[0])
		unlink(j->file);
	j->count = 0;
	return failed;
}

int linux_journal_restore_file(const struct linux_root *r, FILE *out)
{
	char file[LINUX_PATH_MAX], line[LINUX_PATH_MAX + 64];
	char full[LINUX_JOURNAL_MAX][LINUX_PATH_MAX], value[LINUX_JOURNAL_MAX][40];
	size_t n = 0, failed = 0;

	linux_journal_file(r, file);
	FILE *f = fopen(file, "r");
	if (!f) {
		if (errno == ENOENT) {
			fprintf(out, "idlebench linux: nothing to restore (no %s)\n", file);
			return 0;
		}
		fprintf(out, "idlebench linux: cannot read %s: %s\n", file, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof line, f) && n < LINUX_JOURNAL_MAX) {
		char *tab = strchr(line, '\t');
		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		tab[1 + strcspn(tab + 1, "\n")] = '\0';
		snprintf(full[n], sizeof full[n], "%.*s", LINUX_PATH_MAX - 1, line);
		snprintf(value[n], sizeof value[n], "%s\n", tab + 1);
		n++;
	}
	fclose(f);
	for (size_t i = n; i-- > 0;) {
		bool ok = put_back(full[i], value[i], strlen(value[i]));
		value[i][strcspn(value[i], "\n")] = '\0';
		fprintf(out, "idlebench linux: %s %s = %s%s%s\n", ok ? "restored" : "FAILED to restore", full[i],
			value[i], ok ? "" : ": ", ok ? "" : strerror(errno));
		failed += !ok;
	}
	if (failed) {
		fprintf(out, "idlebench linux: %zu value(s) not restored; %s kept\n", failed, file);
		return 1;
	}
	unlink(file);
	fprintf(out, "idlebench linux: %zu value(s) restored, %s removed\n", n, file);
	return 0;
}

/* Root-relative file access for `idlebench linux` (tools/linux/linux_sysfs.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/linux/linux_sysfs.h"

void linux_root_init(struct linux_root *r, const char *dir)
{
	if (!dir)
		dir = getenv("IDLEBENCH_SYSFS_ROOT");
	snprintf(r->dir, sizeof r->dir, "%s", dir ? dir : "");
	size_t n = strlen(r->dir);
	while (n && r->dir[n - 1] == '/')
		r->dir[--n] = '\0';
}

bool linux_path(const struct linux_root *r, const char *path, char *out)
{
	int n = snprintf(out, LINUX_PATH_MAX, "%s%s", r->dir, path);
	return n > 0 && n < LINUX_PATH_MAX;
}

bool linux_read_line(const struct linux_root *r, const char *path, char *buf, size_t size)
{
	char full[LINUX_PATH_MAX];
	if (!linux_path(r, path, full)) {
		errno = ENAMETOOLONG;
		return false;
	}
	int fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, size - 1);
	int saved = errno;
	close(fd);
	if (n < 0) {
		errno = saved;
		return false;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return true;
}

bool linux_read_u64(const struct linux_root *r, const char *path, uint64_t *out)
{
	char buf[64], *end;
	if (!linux_read_line(r, path, buf, sizeof buf))
		return false;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 10);
	if (errno || end == buf || *end || buf[0] == '-') {
		errno = EINVAL;
		return false;
	}
	*out = v;
	return true;
}

bool linux_exists(const struct linux_root *r, const char *path)
{
	char full[LINUX_PATH_MAX];
	return linux_path(r, path, full) && access(full, F_OK) == 0;
}

bool linux_write(const struct linux_root *r, const char *path, const char *value)
{
	char full[LINUX_PATH_MAX], line[128];
	if (!linux_path(r, path, full)) {
		errno = ENAMETOOLONG;
		return false;
	}
	int n = snprintf(line, sizeof line, "%s\n", value);
	int fd = open(full, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (r->dir[0]) {
		/* A fake tree (tests) holds regular files: the value goes into a
		 * file beside it that is renamed over it, so a run killed mid-write
		 * (the crash tests do that) leaves the old value or the new one,
		 * never an empty file, as a sysfs attribute write would. The open
		 * above keeps an unwritable file's error. */
		close(fd);
		char tmp[LINUX_PATH_MAX + 16];
		snprintf(tmp, sizeof tmp, "%s.%ld.tmp", full, (long)getpid());
		fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0)
			return false;
		ssize_t w = write(fd, line, (size_t)n);
		int saved = errno;
		if (close(fd) != 0 || w != n || rename(tmp, full) != 0) {
			saved = w < 0 ? saved : (w != n ? EIO : errno);
			unlink(tmp);
			errno = saved;
			return false;
		}
		return true;
	}
	ssize_t w = write(fd, line, (size_t)n);
	int saved = errno;
	if (close(fd) != 0 && w == n)
		return false;
	if (w != n) {
		errno = w < 0 ? saved : EIO;
		return false;
	}
	return true;
}

/* The files `idlebench linux` reads and writes (/sys, /proc/cmdline,
 * /dev/cpu/N/msr), all under one root: "" on a real system, a directory
 * tree in the tests (`--sysfs-root=DIR` or IDLEBENCH_SYSFS_ROOT), so every
 * mapping and every restore runs against fake machines too. */
#ifndef IDLEBENCH_TOOLS_LINUX_SYSFS_H
#define IDLEBENCH_TOOLS_LINUX_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest path under the root. */
#define LINUX_PATH_MAX 512

/* The root the absolute paths below are taken under. */
struct linux_root {
	char dir[LINUX_PATH_MAX]; /* "" = the real file system */
};

/* dir (NULL: the IDLEBENCH_SYSFS_ROOT environment variable, else "") as the root. */
void linux_root_init(struct linux_root *r, const char *dir);
/* root + path into out (size LINUX_PATH_MAX); false when it does not fit. */
bool linux_path(const struct linux_root *r, const char *path, char *out);
/* The first line of path (no newline) into buf; false (errno set) when it cannot be read. */
bool linux_read_line(const struct linux_root *r, const char *path, char *buf, size_t size);
/* path as an unsigned decimal; false when unreadable or not a number. */
bool linux_read_u64(const struct linux_root *r, const char *path, uint64_t *out);
/* Whether path exists. */
bool linux_exists(const struct linux_root *r, const char *path);
/* Write value (a newline appended) to path; false (errno set) on failure. */
bool linux_write(const struct linux_root *r, const char *path, const char *value);

#endif

/* Result files on the host (see result_file.h). */
#include "tools/common/result_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int result_file_create(struct result_file *rf, const char *dir)
{
	memset(rf, 0, sizeof *rf);
	rf->dir = dir;
	if (make_dirs(dir) < 0)
		return -1;
	if (snprintf(rf->temp, sizeof rf->temp, "%s/.capture-XXXXXX", dir) >= (int)sizeof rf->temp) {
		rf->temp[0] = '\0';
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd = mkstemp(rf->temp);
	if (fd < 0 || !(rf->f = fdopen(fd, "wb"))) {
		int e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(rf->temp);
		}
		rf->temp[0] = '\0';
		errno = e;
		return -1;
	}
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask); /* a result, not a secret: mkstemp's 0600 is for the temporary name */
	return 0;
}

int result_file_publish(struct result_file *rf, const struct result_name_meta *m, time_t when, bool complete,
			char *out, size_t size)
{
	if (rf->f) {
		FILE *f = rf->f;
		rf->f = NULL;
		if (fclose(f) != 0)
			return -1;
	}
	struct tm tm;
	struct result_time t;
	bool have_time = gmtime_r(&when, &tm) != NULL;
	if (have_time)
		t = (struct result_time){ (uint16_t)(tm.tm_year + 1900), (uint8_t)(tm.tm_mon + 1), (uint8_t)tm.tm_mday,
					  (uint8_t)tm.tm_hour, (uint8_t)tm.tm_min, (uint8_t)tm.tm_sec, true };
	for (unsigned attempt = 0; attempt < RESULT_NAME_ATTEMPTS; attempt++) {
		char name[RESULT_NAME_MAX + 1];
		if (!result_name_format(name, sizeof name, m, have_time ? &t : NULL, attempt, complete) ||
		    snprintf(out, size, "%s/%s", rf->dir, name) >= (int)size) {
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
		if (rename(rf->temp, out) < 0) {
			int e = errno;
			unlink(out);
			errno = e;
			return -1;
		}
		rf->temp[0] = '\0';
		return 0;
	}
	errno = EEXIST;
	return -1;
}

void result_name_meta_from_reader(const struct stream_reader *r, struct result_name_meta *m)
{
	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < stream_reader_meta_count(r); i++) {
		const struct stream_kv *kv = stream_reader_meta_at(r, i);
		result_name_meta_set(m, kv->key, kv->value, strlen(kv->value));
	}
}

/* `idlebench linux [--key=value ...]`: the experiment on a running Linux
 * system. The measured CPU and the parked one come from sysfs topology
 * (tools/linux/linux_topology.h), the parked CPU's idle state is chosen per mode
 * through cpuidle sysfs (tools/linux/linux_cpuidle.h) and proven per sample from
 * its residency counters (tools/linux/linux_proof.h); the plan, order,
 * statistics and stream are the kernel's (tools/linux/linux_run.h). Every sysfs
 * value written is put back (tools/linux/linux_restore.h). `--list` shows what
 * would be chosen without writing anything; `--restore` puts back what a
 * killed run left. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tools/common/commands.h"
#include "tools/linux/linux_cpuidle.h"
#include "tools/linux/linux_options.h"
#include "tools/linux/linux_restore.h"
#include "tools/linux/linux_run.h"
#include "tools/linux/linux_topology.h"
#include "tools/common/result_file.h"
#include "tools/common/stream_reader.h"

/* Each mode's availability, each reason said once: without a CPU to park
 * (its reason is on the first line) no mode can run; the reason of a parked
 * CPU without cpuidle is on its own line above; a mode whose reason an
 * earlier mode already gave (hlt2 and spike park as hlt) names that mode. */
static void list_modes(const struct linux_root *r, const struct linux_topology *t, const struct linux_cpuidle *ci)
{
	static char why[IDLE_MODE_COUNT][320];
	const char *no[IDLE_MODE_COUNT] = { 0 };

	if (t->parked < 0) {
		printf("modes: none, without a CPU to park (why: the first line)\n");
		return;
	}
	printf("modes:\n");
	for (int m = 0; m < IDLE_MODE_COUNT; m++) {
		if (!(idle_modes[m].where & IDLE_IN_LINUX))
			continue;
		no[m] = linux_mode_unavailable(r, ci, (enum idle_mode)m, why[m], sizeof why[m]);
		int same = -1;
		for (int k = 0; k < m && no[m] && same < 0; k++)
			if (no[k] && !strcmp(no[k], no[m]))
				same = k;
		if (!no[m])
			printf("  %-8s available\n", idle_modes[m].name);
		else if (!ci->present && !strcmp(no[m], ci->why))
			printf("  %-8s unavailable: no cpuidle on cpu%d (above)\n", idle_modes[m].name, t->parked);
		else if (same >= 0)
			printf("  %-8s unavailable: as %s (above)\n", idle_modes[m].name, idle_modes[same].name);
		else
			printf("  %-8s %s\n", idle_modes[m].name, no[m]);
	}
}

/* The read-only listing: CPUs, driver, every state and its mode, every mode's availability. */
static void list(const struct linux_config *c, const struct linux_root *r, const struct linux_topology *t,
		 const struct linux_cpuidle *ci)
{
	char file[LINUX_PATH_MAX];

	printf("measured cpu%d, placement %s: ", t->measured, placement_name(c->placement));
	if (t->parked >= 0) {
		char cpus[64];
		linux_topology_parked_text(t, cpus, sizeof cpus);
		printf("parked cpu%s%s\n", t->parked_count > 1 ? "s " : "", cpus);
	}
	else
		printf("no CPU to park: %s\n", t->why);
	printf("smt/control %s, online SMT siblings of cpu%d: %d (%s)\n", t->smt_control[0] ? t->smt_control : "absent",
	       t->measured, t->siblings, t->siblings_file[0] ? t->siblings_file : "no topology file");
	printf("cpuidle driver %s, governor %s, idle= %s\n", ci->driver, ci->governor[0] ? ci->governor : "none",
	       ci->idle_override[0] ? ci->idle_override : "(not set)");
	if (t->parked >= 0 && !ci->present)
		printf("cpu%d: %s\n", t->parked, ci->why);
	for (size_t k = 0; k < ci->count; k++) {
		const struct linux_idle_state *s = &ci->state[k];
		printf("  state%zu %-14s %-28s latency %4llu us  residency %5llu us  %s  -> %s\n", k, s->name, s->desc,
		       (unsigned long long)s->latency_us, (unsigned long long)s->residency_us,
		       s->disabled ? "disabled" : "enabled ",
		       s->mode < IDLE_MODE_COUNT ? idle_modes[s->mode].name : s->unmapped);
	}
	list_modes(r, t, ci);
	linux_journal_file(r, file);
	if (linux_exists(r, "/run/idlebench-linux.restore"))
		printf("a restore is pending: %s (idlebench linux --restore)\n", file);
}

/* --out-dir: the stream goes to a temporary file under the directory, is
 * read back and verified like a capture, and moved to its name (the start
 * time in UTC; `-INCOMPLETE` when it does not verify). A run that refused
 * before its stream's header (a restore pending, no write access, no pin)
 * leaves nothing: the temporary file is removed, no path is printed, and
 * the run's status is returned, as `idlebench capture` saves nothing when
 * no stream began. */
static int run_into_dir(const struct linux_config *c, const struct linux_root *root, const struct linux_topology *t,
			const struct linux_cpuidle *ci)
{
	struct result_file rf;
	time_t start = time(NULL);
	if (result_file_create(&rf, c->out_dir) < 0) {
		fprintf(stderr, "idlebench linux: cannot write under %s: %s\n", c->out_dir, strerror(errno));
		return 1;
	}
	int rc = linux_run(c, root, t, ci, rf.f);
	FILE *f = rf.f;
	rf.f = NULL;
	if (fclose(f) != 0) {
		fprintf(stderr, "idlebench linux: writing %s: %s\n", rf.temp, strerror(errno));
		return 1;
	}
	int read_errno = 0;
	FILE *in = fopen(rf.temp, "rb");
	struct stream_reader *r = in ? stream_reader_read_file(in, &read_errno) : NULL;
	if (in)
		fclose(in);
	if (!r) {
		fprintf(stderr, "idlebench linux: cannot read back %s: %s\n", rf.temp, strerror(in ? ENOMEM : errno));
		return 1;
	}
	if (!stream_reader_started(r)) {
		fprintf(stderr, "idlebench linux: no stream began; nothing saved under %s\n", c->out_dir);
		if (unlink(rf.temp) != 0)
			fprintf(stderr, "idlebench linux: cannot remove %s: %s\n", rf.temp, strerror(errno));
		stream_reader_free(r);
		return rc ? rc : 1;
	}
	struct result_name_meta m;
	char path[4096];
	bool complete = stream_reader_result(r) == STREAM_OK && !read_errno;
	result_name_meta_from_reader(r, &m);
	if (result_file_publish(&rf, &m, start, complete, path, sizeof path) < 0) {
		fprintf(stderr, "idlebench linux: cannot name the result under %s (%s); the stream is in %s\n",
			c->out_dir, strerror(errno), rf.temp);
		stream_reader_free(r);
		return 1;
	}
	if (!complete) {
		fprintf(stderr, "idlebench linux: %s: %s\n", path, stream_reader_message(r));
		rc = 1;
	}
	printf("%s\n", path);
	stream_reader_free(r);
	return rc;
}

int cmd_linux(int argc, char **argv)
{
	static struct linux_config c;
	static struct linux_root root;
	static struct linux_topology t;
	static struct linux_cpuidle ci;

	if (!linux_options_parse(argc, argv, &c, stderr))
		return 2;
	if (c.help)
		return 0; /* printed while parsing */
	linux_root_init(&root, c.sysfs_root);
	if (c.restore)
		return linux_journal_restore_file(&root, stdout);
	if (!linux_topology_pick(&root, c.cpu, c.placement, &t)) {
		fprintf(stderr, "idlebench linux: %s\n", t.why);
		return 1;
	}
	if (!linux_cpuidle_read(&root, t.parked >= 0 ? t.parked : t.measured, &ci)) {
		fprintf(stderr, "idlebench linux: %s\n", ci.why);
		return 1;
	}
	/* placement=both: every parked CPU takes the mode as the same stateK (linux_run.c) */
	for (size_t k = 1; k < t.parked_count; k++) {
		static struct linux_cpuidle other;
		char why[320];
		if (!linux_cpuidle_read(&root, t.parked_cpus[k], &other) || !linux_cpuidle_same_states(&ci, &other, why, sizeof why)) {
			fprintf(stderr, "idlebench linux: %s\n", other.why[0] ? other.why : why);
			return 1;
		}
	}
	if (c.list) {
		list(&c, &root, &t, &ci);
		return 0;
	}
	if (c.out_dir)
		return run_into_dir(&c, &root, &t, &ci);
	FILE *out = stdout;
	if (c.out && !(out = fopen(c.out, "w"))) {
		fprintf(stderr, "idlebench linux: cannot write %s: %s\n", c.out, strerror(errno));
		return 1;
	}
	int rc = linux_run(&c, &root, &t, &ci, out);
	if (out != stdout && fclose(out) != 0) {
		fprintf(stderr, "idlebench linux: writing %s: %s\n", c.out, strerror(errno));
		rc = 1;
	}
	return rc;
}

/* A command's sample judged and written (tools/linux/linux_command_sample.h). */
#include <stdio.h>
#include <string.h>

#include "tools/linux/linux_command_sample.h"

bool linux_command_sample_init(struct linux_command_sample *cs, const struct linux_config *c, char *why,
			       size_t why_size)
{
	memset(cs, 0, sizeof *cs);
	cs->cfg = c;
	return !c->metric || linux_metric_compile(&cs->metric, c->metric, why, why_size);
}

void linux_command_sample_free(struct linux_command_sample *cs)
{
	if (cs->cfg && cs->cfg->metric)
		regfree(&cs->metric);
	cs->cfg = NULL;
}

uint64_t linux_command_sample_cells(struct linux_command_sample *cs, struct sample_row *row)
{
	const struct linux_command_result *r = &cs->run;
	const struct linux_config *c = cs->cfg;

	/* its own window (spawn to exit) is the timed one */
	row->tsc_cycles = r->tsc_cycles;
	row->ns = r->ns;
	row->user_ns = (sample_cell_u64_opt){ r->user_ns, true };
	row->sys_ns = (sample_cell_u64_opt){ r->sys_ns, true };
	row->ctx_switches = (sample_cell_u64_opt){ r->ctx_switches, true };
	linux_command_status_text(r, cs->exit_status, sizeof cs->exit_status);
	row->exit_status = cs->exit_status;
	cs->score[0] = '\0';
	cs->bad_why[0] = '\0';
	cs->multi_cpu = linux_command_multi_cpu(r->user_ns, r->sys_ns, r->ns);
	if (r->timed_out)
		snprintf(cs->bad_why, sizeof cs->bad_why, "killed after --timeout-s=%u", c->timeout_s);
	else if (strcmp(cs->exit_status, "0"))
		snprintf(cs->bad_why, sizeof cs->bad_why, "exit status %s", cs->exit_status);
	else if (c->metric) {
		double score = 0;
		enum linux_metric_status ms =
			linux_metric_find(&cs->metric, r->output, r->output_len, &score, cs->score, sizeof cs->score);
		if (ms == LINUX_METRIC_NO_MATCH)
			snprintf(cs->bad_why, sizeof cs->bad_why, "--metric did not match the output");
		else if (ms == LINUX_METRIC_NOT_A_NUMBER)
			snprintf(cs->bad_why, sizeof cs->bad_why, "--metric matched '%s', not a number", cs->score);
		else if (!(row->cycles_per_iter = sample_score_cost(score, c->higher_is_better)))
			snprintf(cs->bad_why, sizeof cs->bad_why, "score %s is not above 0 (a slowdown is a ratio)", cs->score);
		if (ms != LINUX_METRIC_OK)
			cs->score[0] = '\0';
		row->score = cs->score;
	}
	cs->bad = cs->bad_why[0] != '\0';
	return cs->bad;
}

void linux_command_sample_records(struct linux_command_sample *cs, struct stream *s, const char *mode, bool warmup,
				  const struct sample_row *row)
{
	const struct linux_command_result *r = &cs->run;
	char seq[24] = "", line[128], qa[240], qb[160];

	if (row)
		snprintf(seq, sizeof seq, "%llu", (unsigned long long)row->seq);
	if (cs->bad) {
		cs->bad_count++;
		linux_command_last_line(r->output, r->output_len, line, sizeof line);
		stream_record(s, "command_bad", "seq=%s mode=%s warmup=%s exit_status=%s reason=%s last_line=%s", seq, mode,
			      warmup ? "yes" : "no", cs->exit_status, stream_quote(qa, sizeof qa, cs->bad_why),
			      stream_quote(qb, sizeof qb, line));
	}
	if (cs->multi_cpu) {
		cs->multi_cpu_count++;
		stream_record(s, "command_multi_cpu", "seq=%s mode=%s cpu_ns=%llu ns=%llu", seq, mode,
			      (unsigned long long)(r->user_ns + r->sys_ns), (unsigned long long)r->ns);
	}
	if (linux_bad_streak_note(&cs->streak, cs->bad) && !cs->stopped) {
		char msg[400];
		linux_command_last_line(r->output, r->output_len, line, sizeof line);
		snprintf(msg, sizeof msg, "%d samples in a row failed, the last: %s (last output line: %s)",
			 LINUX_BAD_IN_A_ROW, cs->bad_why, line[0] ? line : "none");
		stream_error(s, "COMMAND_FAILED", msg);
		fprintf(stderr, "idlebench linux: %s\n", msg);
		cs->stopped = true;
	}
}

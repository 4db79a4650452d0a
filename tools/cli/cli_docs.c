/* The CLI's tables collected for its man pages and completion (tools/cli/cli_docs.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli/cli_docs.h"

static struct cli_doc *collecting;

static void collect(const struct cli_parser *p)
{
	struct cli_doc *d = collecting;
	d->cmd = p->cmd;
	for (size_t i = p->own + 1; i < p->total && d->n_passed < CLI_MAX_OPTIONS; i++) {
		d->passed[d->n_passed] = p->passed[i];
		d->passed_arg[d->n_passed++] = p->longopts[i].has_arg != no_argument;
	}
	if (p->more_help) {
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		if (!f)
			return;
		p->more_help(f);
		fclose(f);
		d->n_more = 0;
		/* "  --key=ALLOWED  (default X)" or "  --flag  help" starts a row; lines
		 * indented deeper continue its help; other non-empty lines are prose. */
		for (char *line = strtok(text, "\n"); line && d->n_more < sizeof d->more / sizeof d->more[0];
		     line = strtok(NULL, "\n")) {
			struct cli_doc_row *prev = d->n_more ? &d->more[d->n_more - 1] : NULL;
			if (!strncmp(line, "  --", 4)) {
				struct cli_doc_row *r = &d->more[d->n_more++];
				char *word = line + 4;
				size_t name_len = strcspn(word, "= ");
				r->name = strndup(word, name_len);
				r->arg = word[name_len] == '=' ? strndup(word + name_len + 1, strcspn(word + name_len + 1, " ")) : NULL;
				r->label = strdup(line + 2);
				r->help = strdup("");
				if (!r->arg) { /* a flag: "  --flag     help" on one line */
					char *gap = strstr(word, "  ");
					if (gap) {
						*gap = '\0';
						free(r->label);
						r->label = strdup(line + 2);
						free(r->help);
						r->help = strdup(gap + 2 + strspn(gap + 2, " "));
					}
				}
			} else if (!strncmp(line, "    ", 4) && prev && prev->name) {
				const char *h = line + strspn(line, " ");
				size_t old = strlen(prev->help);
				char *joined = realloc(prev->help, old + strlen(h) + 2);
				if (!joined)
					break;
				sprintf(joined + old, "%s%s", old ? "\n" : "", h);
				prev->help = joined;
			} else if (*line) {
				struct cli_doc_row *r = &d->more[d->n_more++];
				*r = (struct cli_doc_row){ NULL, NULL, strdup(line), strdup(line) };
			}
		}
		free(text);
	}
}

int cli_docs_collect(struct cli_doc *docs, size_t max, FILE *err)
{
	size_t n = 0;
	void (*saved)(const struct cli_parser *) = cli_help_hook;
	cli_help_hook = collect;
	for (const struct host_command *c = host_commands; c->name; c++) {
		if (n == max) {
			fprintf(err, "idlebench __generate: more than %zu commands\n", max);
			cli_help_hook = saved;
			return -1;
		}
		struct cli_doc *d = &docs[n++];
		memset(d, 0, sizeof *d);
		d->hc = c;
		collecting = d;
		char *argv[] = { (char *)c->name, "--help", NULL };
		int rc = c->run(2, argv);
		if (rc != 0 || !d->cmd) {
			fprintf(err, "idlebench __generate: '%s --help' gave no option table (exit %d)\n", c->name, rc);
			cli_help_hook = saved;
			return -1;
		}
	}
	cli_help_hook = saved;
	return (int)n;
}

size_t cli_doc_values(const char *arg, char *buf, size_t size, const char **values, size_t max)
{
	size_t n = 0;
	if (!arg || !strchr(arg, '|') || strlen(arg) >= size)
		return 0;
	strcpy(buf, arg);
	for (char *save, *w = strtok_r(buf, "|", &save); w && n < max; w = strtok_r(NULL, "|", &save)) {
		bool word = *w >= 'a' && *w <= 'z';
		for (const char *k = w; word && *k; k++)
			word = (*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '-';
		if (word)
			values[n++] = w;
	}
	return n;
}

int cmd_generate(int argc, char **argv)
{
	static struct cli_doc docs[32];
	if (argc != 3 || (strcmp(argv[1], "man") && strcmp(argv[1], "bash-completion"))) {
		fprintf(stderr, "usage: idlebench __generate man DIR | bash-completion FILE\n");
		return CLI_EXIT_USAGE;
	}
	int n = cli_docs_collect(docs, sizeof docs / sizeof docs[0], stderr);
	if (n < 0)
		return 1;
	if (!strcmp(argv[1], "man"))
		return cli_man_write(argv[2], docs, (size_t)n, stderr) ? 0 : 1;
	FILE *out = fopen(argv[2], "w");
	if (!out) {
		fprintf(stderr, "idlebench __generate: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	cli_completion_write(out, docs, (size_t)n);
	if (fclose(out) != 0) {
		fprintf(stderr, "idlebench __generate: %s: write error\n", argv[2]);
		return 1;
	}
	return 0;
}

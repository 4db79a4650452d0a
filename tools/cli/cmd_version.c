/* `idlebench version` (and `idlebench --version`): the version string the
 * kernel writes as its stream's `version` meta (both from build/gen/version.h,
 * made from the Makefile's FULL_VERSION): VERSION+gCOMMIT, -dirty when the
 * tree had uncommitted changes to tracked files. */
#include <stdio.h>

#include "tools/common/cli_options.h"
#include "tools/common/commands.h"
#include "version.h" /* IDLEBENCH_VERSION, generated (mk/kernel.mk) */

static const struct cli_option options[] = {
	{ NULL, 0, NULL, NULL },
};
static const struct cli_command version_cli = {
	"version", "",
	"Prints `idlebench VERSION`: the release, +g and the commit it was built from, -dirty when\n"
	"tracked files differed from that commit (e.g. 0.1.0+g89a65f8-dirty). The same string is\n"
	"the `version` meta of every stream the kernel and `idlebench linux`/`bench` write.\n",
	"", options, CLI_DASHDASH_ENDS_OPTIONS,
};

int cmd_version(int argc, char **argv)
{
	const char *arg;
	struct cli_parser p;
	cli_parser_begin(&p, &version_cli, argc, argv);
	for (int a; (a = cli_next(&p, &arg)) != CLI_END;) {
		if (a == CLI_OPERAND)
			return cli_usage_error(&version_cli, "no operands ('%s')", arg);
		return cli_exit_status(a);
	}
	printf("idlebench %s\n", IDLEBENCH_VERSION);
	return 0;
}

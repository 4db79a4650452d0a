# The host CLI's option parsing (tools/common/cli_options.c): getopt_long over one
# table per command, which also makes each command's --help. Every test that
# links a tools/cmd_*.c links $(CLI_SRCS) too.
CLI_SRCS := tools/common/cli_options.c
# `export --sqlite` (tools/cli/export_sqlite.c) links Debian's libsqlite3
# (libsqlite3-dev, scripts/install-deps.sh).
HOST_CLI_LDLIBS += -lsqlite3

# The parser on a table of its own: operands in order, "--" both ways, full
# names only, each kind of usage error naming the flag, the generated help
# (recursive `=`: TOOLS_TEST_HELPER is set in mk/stream.mk, included later).
UNIT_TESTS += test_cli_options
test_cli_options_SRCS = tests/unit/tools/test_cli_options.c $(CLI_SRCS) $(TOOLS_TEST_HELPER)

# tools/common/: what the host tools share (the growth rule of their arrays,
# tools/common/grow.h; the same-boot rule, same_boot.h). sort: a second list
# naming the folder adds no second object.
HOST_CLI_SRCS := $(sort $(HOST_CLI_SRCS) $(wildcard tools/common/*.c))
# The growth rule: doubling from the first size, contents kept, overflow and
# a refused allocation ENOMEM with the array untouched.
UNIT_TESTS += test_grow
test_grow_SRCS := tests/unit/tools/test_grow.c tools/common/grow.c
# The same-boot rule: the identities export --sqlite has always written, each field deciding.
UNIT_TESTS += test_same_boot
test_same_boot_SRCS = $(STREAM_READER_SRCS) tests/unit/tools/test_same_boot.c

# Helpers for QEMU tests (sourced by tests/run-all.sh). A test is a function
# named qtest_*; it succeeds by returning 0 and explains a failure on stderr.
# Tests read the serial stream's records, never whole-output snapshots
# (firmware and GRUB print escape codes).

QTEST_LOGS=${BUILD:-build}/test-logs
mkdir -p "$QTEST_LOGS"

# boot NAME [VAR=value ...]: boot with scripts/qemu-run.sh (BOOT, CMDLINE, SMP,
# QEMU_CPU, QEMU_EXTRA, QEMU_TIMEOUT as environment), save the serial output
# with \r removed in $QTEST_LOGS/NAME.out; sets BOOT_RC to qemu-run's status.
boot() {
	local name=$1
	shift
	env QEMU_TIMEOUT=120 "$@" scripts/qemu-run.sh 2>"$QTEST_LOGS/$name.err" | tr -d '\r' >"$QTEST_LOGS/$name.out"
	BOOT_RC=${PIPESTATUS[0]}
	BOOT_OUT="$QTEST_LOGS/$name.out"
	BOOT_ERR="$QTEST_LOGS/$name.err"
}

# The stream part of a capture: from the `#! idlebench` header to the end record.
stream_of() {
	awk '/^#! idlebench /{on=1} on{print} on && /^#! end /{exit}' "$1"
}

# stream_rows FILE [COLUMN ...]: the data rows of the stream in FILE, whole,
# or only the named columns, comma-separated in the order named. A column is
# found by its name in the data header, never by its position; a name the
# header lacks is an error.
stream_rows() {
	local file=$1
	shift
	stream_of "$file" | awk -F, -v names="$*" '
		/^#/ { next }
		!header {
			header = 1
			for (i = 1; i <= NF; i++)
				at[$i] = i
			n = split(names, want, " ")
			for (j = 1; j <= n; j++)
				if (!(want[j] in at)) {
					print "stream_rows: no column " want[j] " in the data header" >"/dev/stderr"
					missing = 1
				}
			next
		}
		missing { next }
		n == 0 { print; next }
		{
			row = $(at[want[1]])
			for (j = 2; j <= n; j++)
				row = row "," $(at[want[j]])
			print row
		}
		END { exit missing }'
}

fail() {
	echo "$*" >&2
	if [ -n "${BOOT_OUT:-}" ]; then
		echo "--- output ($BOOT_OUT):" >&2
		tail -25 "$BOOT_OUT" >&2
	fi
	# What the runner said on stderr (why an emulator stopped, a timeout):
	# the serial output alone is empty when the machine never booted.
	if [ -n "${BOOT_ERR:-}" ] && [ -s "$BOOT_ERR" ]; then
		echo "--- stderr ($BOOT_ERR):" >&2
		tail -15 "$BOOT_ERR" >&2
	fi
	return 1
}

expect_rc() { # expect_rc N
	[ "$BOOT_RC" -eq "$1" ] || fail "qemu-run exit status $BOOT_RC, expected $1"
}

# expect_line REGEX: some line of the stream matches (grep -E).
# Never `producer | grep -q` here: run-all.sh sets pipefail, and grep -q exits
# at the first match, so a producer still writing gets SIGPIPE and the
# pipeline fails now and then (a 35 KB stream did in 7 of 300 tries).
expect_line() {
	stream_of "$BOOT_OUT" | grep -E -- "$1" >/dev/null || fail "no stream line matches: $1"
}

# expect_no_line REGEX
expect_no_line() {
	! stream_of "$BOOT_OUT" | grep -E -- "$1" >/dev/null || fail "unexpected stream line matches: $1"
}

# The schema the kernel writes (its one home is core/stream/schema.h).
STREAM_SCHEMA=$(sed -n 's/^#define STREAM_SCHEMA_VERSION \([0-9]*\)$/\1/p' core/stream/schema.h)

# The stream is whole: header first, end record last, field counts, row count
# and CRC right (the host tool `idlebench check`, which users run too).
expect_valid_stream() {
	local s="$BOOT_OUT.stream" out
	stream_of "$BOOT_OUT" >"$s"
	head -1 "$s" | grep -E "^#! idlebench [^ ]+ schema=$STREAM_SCHEMA\$" >/dev/null ||
		fail "no stream header of schema $STREAM_SCHEMA" || return 1
	out=$("${BUILD:-build}/host/idlebench" check "$s" 2>&1) || fail "idlebench check: $out"
}

# boot_valid RC NAME [VAR=value ...]: boot NAME, then qemu-run's exit status
# is RC and the stream is whole (expect_rc RC && expect_valid_stream).
boot_valid() {
	local rc=$1
	shift
	boot "$@"
	expect_rc "$rc" && expect_valid_stream
}

# skip WHY: end a test that cannot run on this machine; run-all.sh counts it
# as skipped (status 77), never as passed.
skip() {
	echo "skipped: $*" >&2
	return 77
}

# result_files IMG: the .csv files in ::/idlebench/results, sorted.
result_files() {
	mdir -b -i "$1" ::/idlebench/results 2>/dev/null | grep -i '\.csv$' | sort
}

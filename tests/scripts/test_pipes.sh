# Checks on the project's own shell scripts (sourced by tests/run-all.sh; each
# function named stest_* is one test, run from the repository root).

# `producer | grep -q` (or grep -m, head, awk '…exit', sed '…q') under
# `set -o pipefail` fails now and then: the reader exits early, the producer
# still writing gets SIGPIPE, and the pipeline's status is 141. CI lost a run
# to exactly that. Read the whole input instead (`grep PATTERN >/dev/null`,
# awk with a flag instead of exit, sed -n 1,10p), or read a file.

# early_exit_readers FILE: print FILE:LINE: for each pipeline stage that may
# stop reading early. Lines continued with a trailing | or \ are joined first.
early_exit_readers() {
	awk -v file="$1" '
		function report(text, at) {
			# Split into pipeline stages; every stage after a | is a reader.
			n = split(text, stage, /\|\|?/)
			pos = 1
			for (i = 2; i <= n; i++) {
				s = stage[i]
				if (substr(text, index(text, s) - 2, 2) == "||")
					continue # `a || b`: not a pipe
				if (s ~ /^[ \t]*grep([ \t]+-[-a-zA-Z0-9]*)*[ \t]+-[a-zA-Z]*[qm]/ ||
				    s ~ /^[ \t]*grep.*[ \t](--quiet|--silent|--max-count)/ ||
				    s ~ /^[ \t]*head([ \t]|$)/ ||
				    (s ~ /^[ \t]*awk[ \t].*(^|[^a-zA-Z_])exit([^a-zA-Z_]|$)/ &&
				     s !~ /END[ \t]*\{[^}]*exit/) ||
				    s ~ /^[ \t]*sed[ \t].*([0-9$\/]|;[ \t]*)q/)
					printf "%s:%d: %s\n", file, at, s
			}
		}
		{
			line = $0
			if (line ~ /^[ \t]*#/) next
			if (acc == "") start = NR
			acc = acc line
			if (line ~ /(\||\\)[ \t]*$/) { sub(/\\[ \t]*$/, "", acc); next }
			report(acc, start)
			acc = ""
		}' "$1"
}

stest_no_early_exit_reader_after_a_pipe_in_pipefail_scripts() {
	local f bad=""
	for f in scripts/*.sh tests/run-all.sh tests/qemu/*.sh tests/host/*.sh tests/scripts/*.sh .ci/run; do
		# This file's sample of bad forms is data, not code.
		[ -f "$f" ] && [ "$f" != tests/scripts/test_pipes.sh ] || continue
		# Test files are sourced by run-all.sh, which sets pipefail.
		case $f in
		tests/*) ;;
		*) grep -E 'set -[a-z]*o pipefail' "$f" >/dev/null || continue ;;
		esac
		bad+=$(early_exit_readers "$f")
		bad+=$'\n'
	done
	bad=$(grep -v '^$' <<<"$bad")
	[ -z "$bad" ] || { echo "early-exit reader after a pipe under pipefail:" >&2; echo "$bad" >&2; return 1; }
}

# The check itself finds every form it claims to, and passes the safe ones.
stest_early_exit_reader_check_finds_each_bad_form() {
	local sample found
	sample=$(mktemp)
	cat >"$sample" <<'SAMPLE'
a | grep -q x
a | grep -E -q x
a | grep -m1 x
a | grep --quiet x
a | head -3
a |
	head -1
a | awk '{ print; exit }'
a | sed 1q
a | grep x >/dev/null
a | grep -c x
a || head -3
a | awk '!f { print; f = 1 }'
a | awk '{ n++ } END { exit n > 0 }'
a | sed -n 1,10p
# a | grep -q x
SAMPLE
	found=$(early_exit_readers "$sample" | cut -d: -f2 | tr '\n' ' ')
	rm -f "$sample"
	[ "$found" = "1 2 3 4 5 6 8 9 " ] || { echo "flagged lines: $found (expected 1 2 3 4 5 6 8 9)" >&2; return 1; }
}

# Checks on the project's own shell scripts (sourced by tests/run-all.sh; each
# function named stest_* is one test, run from the repository root).

# `producer | grep -q` (or grep -m, head) under `set -o pipefail` fails now and
# then: the reader exits at its first match, the producer still writing gets
# SIGPIPE, and the pipeline's status is 141. CI lost a run to exactly that.
# Read the whole input instead (`grep PATTERN >/dev/null`), or read a file.
stest_no_early_exit_reader_after_a_pipe_in_pipefail_scripts() {
	local f bad=""
	for f in tools/*.sh tests/run-all.sh tests/qemu/*.sh tests/scripts/*.sh .ci/run; do
		[ -f "$f" ] || continue
		# Test files are sourced by run-all.sh, which sets pipefail.
		case $f in
		tests/*) ;;
		*) grep -E 'set -[a-z]*o pipefail|set -o pipefail' "$f" >/dev/null || continue ;;
		esac
		bad+=$(grep -nE '\|[[:space:]]*(grep[[:space:]]+(-[a-zA-Z]*[qm]|--quiet|--max-count)|head([[:space:]]|$))' "$f" |
			grep -vE '^[0-9]+:[[:space:]]*#' | grep -vE '>&2' | sed "s|^|$f:|")$'\n'
	done
	[ -z "${bad//$'\n'/}" ] || { echo "early-exit reader after a pipe under pipefail:" >&2; grep -v "^$" <<<"$bad" >&2; return 1; }
}

# `make linux-guest LINUX_ARGS='…'` (scripts/linux-guest.sh) with words the
# CLI refuses: its own error, exit 2, and no guest booted (the check runs on
# this machine first). Sourced by tests/run-all.sh; each stest_* is one
# test, run from the repository root.

# Fails on a script that boots first (the error would come 40 s later, from
# the guest) or passes the words through unchecked.
stest_make_linux_guest_bad_args_give_the_cli_error_exit_2_no_boot() {
	local out rc tmp
	tmp=$(mktemp -d)
	out=$(LINUX_ARGS='--reps=abc' scripts/linux-guest.sh "${BUILD:-build}" "$tmp/results" 2>&1)
	rc=$?
	[ $rc = 2 ] || { echo "--reps=abc: exit $rc: $out"; return 1; }
	grep -q "^idlebench linux: command line error: bad value: 'reps=abc'" <<<"$out" || { echo "--reps=abc: $out"; return 1; }
	out=$(LINUX_ARGS='--modes=poll --' scripts/linux-guest.sh "${BUILD:-build}" "$tmp/results" 2>&1)
	rc=$?
	[ $rc = 2 ] && grep -q -- '-- needs a COMMAND' <<<"$out" || { echo "a bare --: exit $rc: $out"; return 1; }
	out=$(LINUX_ARGS="--name='unclosed" scripts/linux-guest.sh "${BUILD:-build}" "$tmp/results" 2>&1)
	rc=$?
	[ $rc = 2 ] && grep -q 'LINUX_ARGS cannot be split into words: unmatched single quote' <<<"$out" ||
		{ echo "an unclosed quote: exit $rc: $out"; return 1; }
	out=$(LINUX_ARGS='--out=x.csv' scripts/linux-guest.sh "${BUILD:-build}" "$tmp/results" 2>&1)
	rc=$?
	[ $rc = 2 ] && grep -q -- '--out=x.csv is not for LINUX_ARGS' <<<"$out" || { echo "--out: exit $rc: $out"; return 1; }
	# through make: its `$` reaches the CLI as typed (make alone expands `$x` to nothing)
	out=$(make -s linux-guest RESULTS_DIR="$tmp/results" LINUX_ARGS='--reps=abc$x -- sh -c "echo $y"' 2>&1)
	rc=$?
	[ $rc -ne 0 ] && grep -qF "bad value: 'reps=abc\$x'" <<<"$out" || { echo "make linux-guest: exit $rc: $out"; return 1; }
	[ ! -e "${BUILD:-build}/linux-guest/out" ] || [ "${BUILD:-build}/linux-guest/out" -ot "$tmp" ] ||
		{ echo "a guest was booted"; return 1; }
	[ ! -e "$tmp/results" ] || { echo "something was saved under RESULTS_DIR"; return 1; }
	rm -rf "$tmp"
}

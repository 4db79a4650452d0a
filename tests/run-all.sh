#!/usr/bin/env bash
# Runs every test `make test` owns and ends with the line `N passed, N failed` (skips counted on the line before):
#   1. host unit tests (cmocka, TAP output: one count per test case),
#   2. libFuzzer targets, each for FUZZ_SECONDS on a copy of its seed corpus,
#   3. checks on our own scripts (tests/scripts/test_*.sh; functions stest_*),
#   4. host checks (tests/host/test_*.sh; functions htest_*): the probes on
#      real silicon, the HTML report in headless Chromium,
#   5. QEMU tests (tests/qemu/test_*.sh; each function named qtest_* is one test),
#   6. Bochs tests (tests/bochs/test_*.sh; functions btest_*; skipped, saying
#      why, where bochs is not installed).
# A script test that returns 0 after printing "skipped: why" first counts as
# skipped, never as passed. Exit status 0 only when nothing failed. Run from
# the repository root.
set -uo pipefail
BUILD=${BUILD:-build}
FUZZ_SECONDS=${FUZZ_SECONDS:-15}
export BUILD
pass=0
fail=0
skip=0
skipped_reasons=()
failed_names=()
failed_reasons=()

result() { # result ok|fail NAME [detail]
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
		echo "ok - $2"
	else
		fail=$((fail + 1))
		failed_names+=("$2")
		failed_reasons+=("$2${3:+: $3}")
		echo "not ok - $2${3:+ ($3)}"
	fi
}

echo "== host unit tests"
for t in "$BUILD"/host/tests/*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	out=$(CMOCKA_MESSAGE_OUTPUT=TAP "$t" 2>&1)
	rc=$?
	n_ok=$(grep -cE '^ok [0-9]+' <<<"$out")
	# cmocka writes a skipped case as `not ok N - name # SKIP`: counted apart
	n_skip=$(grep -cE '^not ok [0-9]+.*# SKIP' <<<"$out")
	n_bad=$(($(grep -cE '^not ok [0-9]+' <<<"$out") - n_skip))
	pass=$((pass + n_ok))
	fail=$((fail + n_bad))
	if [ "$n_skip" -gt 0 ]; then
		skip=$((skip + n_skip))
		while IFS= read -r line; do
			skipped_reasons+=("$name: $line")
		done < <(grep -E '^not ok [0-9]+.*# SKIP' <<<"$out")
	fi
	if [ "$n_bad" -gt 0 ] || [ "$rc" -ne 0 ] || [ "$n_ok" -eq 0 ]; then
		echo "$out" | grep -vE '^ok [0-9]+' | sed "s|^|  $name: |"
		if [ "$n_bad" -eq 0 ]; then
			result fail "$name" "exit status $rc, $n_ok cases passed"
		else
			failed_names+=("$name")
			failed_reasons+=("$name: $n_bad cases failed (see above)")
		fi
	fi
	echo "$name: $n_ok passed, $n_bad failed"
done

echo "== fuzzers (${FUZZ_SECONDS}s each)"
for f in "$BUILD"/host/fuzz/*; do
	[ -x "$f" ] && [ -f "$f" ] || continue
	name=$(basename "$f")
	work=$(mktemp -d)
	corpus=$(cat "$f.corpus" 2>/dev/null || true)
	[ -n "$corpus" ] && [ -d "$corpus" ] && cp -r "$corpus"/. "$work/"
	if (cd "$work" && "$OLDPWD/$f" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=2048 \
		-timeout=10 -print_final_stats=0 . >"$work.log" 2>&1); then
		result ok "fuzz $name ($(grep -oE '#[0-9]+' "$work.log" | tail -1 | tr -d '#') runs)"
	else
		tail -30 "$work.log" | sed "s|^|  $name: |"
		result fail "fuzz $name" "crash or leak: see above"
	fi
	rm -rf "$work" "$work.log"
done

# run_tests PREFIX FILE...: source the files, then run each function named
# PREFIX* as one test (success = status 0; the test explains a failure on stderr).
run_tests() {
	local prefix=$1 file fn detail
	shift
	for file in "$@"; do
		# shellcheck disable=SC1090
		. "$file"
	done
	for fn in $(declare -F | awk '{print $3}' | grep "^$prefix" | sort); do
		detail=$("$fn" 2>&1)
		rc=$?
		# A test that cannot run here says why ("skipped: why" first, rc 0, or
		# lib.sh's skip(): rc 77) and is counted apart, never as passed.
		if [ "$rc" -eq 77 ] || { [ "$rc" -eq 0 ] && [ "${detail#skipped: }" != "$detail" ]; }; then
			skip=$((skip + 1))
			skipped_reasons+=("$fn: $(grep -m1 '^skipped:' <<<"$detail" | cut -c1-300)")
			echo "skip - $fn ($(grep -m1 '^skipped:' <<<"$detail"))"
		elif [ "$rc" -eq 0 ]; then
			result ok "$fn"
		else
			echo "$detail" | tail -40 | sed "s|^|  $fn: |"
			# The first line a test printed is its own reason (lib.sh's fail());
			# repeated in the summary so a log's last lines always say why.
			result fail "$fn" "$(grep -m1 -v '^[[:space:]]*$' <<<"$detail" | cut -c1-300)"
		fi
	done
}

echo "== script checks"
run_tests stest_ tests/scripts/test_*.sh

# shellcheck source=tests/qemu/lib.sh
. tests/qemu/lib.sh
echo "== host checks (probes on real silicon, HTML report in Chromium)"
# the probes and the Linux run happen once per run-all, never from an older run's file
rm -f "$QTEST_LOGS/host_probes.out.pid" "$QTEST_LOGS/linux_real.csv.pid" "$QTEST_LOGS/linux_guest.out.pid"
run_tests htest_ tests/host/test_*.sh

echo "== QEMU tests"
run_tests qtest_ tests/qemu/test_*.sh

echo "== Bochs tests"
run_tests btest_ tests/bochs/test_*.sh

if [ "$fail" -gt 0 ]; then
	echo "failed: ${failed_names[*]}"
	for r in "${failed_reasons[@]}"; do
		echo "  why: $r"
	done
fi
if [ "$skip" -gt 0 ]; then
	echo "skipped (not counted as passed): $skip"
	for r in "${skipped_reasons[@]}"; do
		echo "  $r"
	done
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

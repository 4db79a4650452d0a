#!/usr/bin/env bash
# Runs every test `make test` owns and ends with the line `N passed, N failed` (skips counted on the line before):
#   1. host unit tests (cmocka, TAP output: one count per test case),
#   2. libFuzzer targets, each for FUZZ_SECONDS on a copy of its seed corpus,
#   3. checks on our own scripts (tests/scripts/test_*.sh; functions stest_*),
#   4. host checks (tests/host/test_*.sh; functions htest_*): the probes on
#      real silicon, the HTML report in headless Chromium,
#   5. QEMU tests (tests/qemu/test_*.sh; each function named qtest_* is one test)
#      and, in the same lanes, build checks (tests/build/test_*.sh; functions
#      rtest_*: reproducibility, make dist),
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

# Fuzzers two at a time: each is one single-threaded process with a work
# directory of its own, and the machine has 2 cores. Results in name order.
echo "== fuzzers (${FUZZ_SECONDS}s each, two at a time)"
fuzz_start() { # fuzz_start TARGET WORK: runs in the background, status in WORK.rc
	local f=$1 work=$2 corpus
	corpus=$(cat "$f.corpus" 2>/dev/null || true)
	[ -n "$corpus" ] && [ -d "$corpus" ] && cp -r "$corpus"/. "$work/"
	( cd "$work" && "$OLDPWD/$f" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=2048 \
		-timeout=10 -print_final_stats=0 . >"$work.log" 2>&1; echo $? >"$work.rc" ) &
}
fuzz_result() { # fuzz_result TARGET WORK
	local name
	name=$(basename "$1")
	if [ "$(cat "$2.rc" 2>/dev/null)" = 0 ]; then
		result ok "fuzz $name ($(grep -oE '#[0-9]+' "$2.log" | tail -1 | tr -d '#') runs)"
	else
		tail -30 "$2.log" | sed "s|^|  $name: |"
		result fail "fuzz $name" "crash or leak: see above"
	fi
	rm -rf "$2" "$2.log" "$2.rc"
}
fuzz_targets=()
for f in "$BUILD"/host/fuzz/*; do
	[ -x "$f" ] && [ -f "$f" ] && fuzz_targets+=("$f")
done
for ((i = 0; i < ${#fuzz_targets[@]}; i += 2)); do
	pair=("${fuzz_targets[@]:i:2}")
	works=()
	for f in "${pair[@]}"; do
		w=$(mktemp -d)
		works+=("$w")
		fuzz_start "$f" "$w"
	done
	wait
	for j in "${!pair[@]}"; do
		fuzz_result "${pair[$j]}" "${works[$j]}"
	done
done

# run_tests PREFIX FILE...: source the files, then run each function named
# PREFIX* (an extended regular expression: 'qtest_|rtest_') as one test (success = status 0; the test explains a failure on stderr).
# Results are printed in name order, whatever order the tests ran in.
# TESTS_IN_PAIRS=1: two at a time, in name order (for tests that are each
# one single-threaded emulator with files of their own: Bochs).
# TESTS_IN_LANES=1: two files at a time, each file's tests one after the
# other in one lane (a file's tests share its built images and cached runs),
# the next file to the lane that is free; the files in SOLO_FILES run after,
# alone on the machine: the Linux guest's residency proof, and the hazards'
# spin-mode wake rounds (a spinning vCPU thread descheduled beside another
# lane misses the store and falls back to the IPI: seen, n=39 of 200).
# Every test's seconds go to $TIMINGS (name, seconds) for docs/DEVELOPING.md.
TIMINGS=${TIMINGS:-$BUILD/test-logs/timings.tsv}
mkdir -p "$(dirname "$TIMINGS")"
: >"$TIMINGS"
run_one() { # run_one FN TMP: the test's output in TMP/FN.out, status in TMP/FN.rc
	local t0=$SECONDS
	( "$1" ) >"$2/$1.out" 2>&1
	echo $? >"$2/$1.rc"
	printf '%s\t%s\n' "$1" $((SECONDS - t0)) >>"$TIMINGS"
}
run_tests() {
	local prefix=$1 file fn detail pair=() tmp before k lane
	shift
	tmp=$(mktemp -d)
	local files=()
	for file in "$@"; do
		before=$(declare -F | awk '{print $3}' | grep -E "^($prefix)" | sort)
		# shellcheck disable=SC1090
		. "$file"
		files+=("$file")
		for fn in $(comm -13 <(echo "$before") <(declare -F | awk '{print $3}' | grep -E "^($prefix)" | sort)); do
			echo "$fn" >>"$tmp/fns.$(basename "$file")"
		done
	done
	local fns=($(declare -F | awk '{print $3}' | grep -E "^($prefix)" | sort))
	if [ "${TESTS_IN_LANES:-0}" = 1 ]; then
		local queue=() solo=()
		for file in "${files[@]}"; do
			[ -f "$tmp/fns.$(basename "$file")" ] || continue
			if [[ " ${SOLO_FILES:-} " == *" $file "* ]]; then solo+=("$file"); else queue+=("$file"); fi
		done
		echo 0 >"$tmp/next"
		lane() { # take the next file off the queue until none is left
			local i f
			while :; do
				while ! mkdir "$tmp/lock" 2>/dev/null; do sleep 0.1; done
				i=$(cat "$tmp/next")
				echo $((i + 1)) >"$tmp/next"
				rmdir "$tmp/lock"
				[ "$i" -lt "${#queue[@]}" ] || return 0
				f=${queue[$i]}
				while read -r fn; do run_one "$fn" "$tmp"; done <"$tmp/fns.$(basename "$f")"
			done
		}
		for lane in 1 2; do lane & done
		wait
		for f in "${solo[@]}"; do
			while read -r fn; do run_one "$fn" "$tmp"; done <"$tmp/fns.$(basename "$f")"
		done
	fi
	for ((k = 0; k < ${#fns[@]}; k++)); do
		fn=${fns[$k]}
		if [ "${TESTS_IN_LANES:-0}" = 1 ]; then
			:
		elif [ "${TESTS_IN_PAIRS:-0}" = 1 ]; then
			if [ ! -f "$tmp/$fn.rc" ]; then
				# start this one and the next together; read both as they come
				for pair in "$fn" "${fns[$((k + 1))]:-}"; do
					[ -n "$pair" ] || continue
					run_one "$pair" "$tmp" &
				done
				wait
			fi
		else
			run_one "$fn" "$tmp"
		fi
		detail=$(cat "$tmp/$fn.out")
		rc=$(cat "$tmp/$fn.rc")
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
	rm -rf "$tmp"
}

echo "== script checks"
run_tests stest_ tests/scripts/test_*.sh

# shellcheck source=tests/qemu/lib.sh
. tests/qemu/lib.sh
echo "== host checks (probes on real silicon, HTML report in Chromium)"
# the probes and the Linux run happen once per run-all, never from an older run's file
rm -f "$QTEST_LOGS/host_probes.out.pid" "$QTEST_LOGS/linux_real.csv.pid" "$QTEST_LOGS/linux_guest.out.pid"
run_tests htest_ tests/host/test_*.sh

echo "== QEMU tests and build checks (two files at a time; the load-sensitive ones alone after)"
# The build checks (tests/build/test_*.sh; functions rtest_*: a second build
# of the tree, make dist twice) first in the queue: the longest file starts
# at once, beside the emulators in the other lane.
TESTS_IN_LANES=1 SOLO_FILES="tests/qemu/test_hazards.sh tests/qemu/test_linux_guest.sh" \
	run_tests 'qtest_|rtest_' tests/build/test_*.sh tests/qemu/test_*.sh

echo "== Bochs tests (two at a time)"
TESTS_IN_PAIRS=1 run_tests btest_ tests/bochs/test_*.sh

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

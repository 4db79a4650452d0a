# What a person reads first in `idlebench report`, checked on the shipped
# examples and the result fixtures: by default no line wider than 100
# columns (--wide lifts it), the sign convention said once at the top, each
# caveat once per set and the seed's paragraph once per report, the primary
# result and any failed control (a boot's own included) within the first
# screenful, and planning that never asks more reps= than the kernel takes.
# Sourced by tests/run-all.sh; each stest_* is one test, run from the
# repository root.

LAYOUT_BIN="${BUILD:-build}/host/idlebench"
LAYOUT_EXAMPLES=(docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv
	docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv)
# A terminal's first screenful: 24 lines.
LAYOUT_SCREEN=24

# layout_report FILE...: the default text report on stdout (exit status kept).
layout_report() {
	"$LAYOUT_BIN" report "$@" 2>/dev/null
}

stest_report_layout_default_is_at_most_100_columns() {
	local f out wide n=0
	for f in "${LAYOUT_EXAMPLES[*]}" docs/examples/*.csv tests/fixtures/results/*.csv \
		"tests/fixtures/results/plan_a_boot1.csv tests/fixtures/results/plan_b.csv tests/fixtures/results/known.csv"; do
		# shellcheck disable=SC2086 # a list of files on purpose
		out=$(layout_report $f) || continue # rejected files: the other helper's rule, not this layout's
		n=$((n + 1))
		wide=$(awk 'length($0) > 100 { c++ } END { print c + 0 }' <<<"$out")
		[ "$wide" = 0 ] || {
			echo "report $f: $wide lines wider than 100 columns, e.g.:"
			awk 'length($0) > 100 && ++c <= 3' <<<"$out"
			return 1
		}
	done
	[ $n -ge 10 ] || { echo "only $n reports read: the fixtures moved?"; return 1; }
	# --wide keeps the full table and the paths
	# shellcheck disable=SC2068
	out=$("$LAYOUT_BIN" report --wide ${LAYOUT_EXAMPLES[@]}) || { echo "report --wide exited $?"; return 1; }
	grep -q ' eff MHz  sib C0%  wake/ms  bad  note$' <<<"$out" || { echo "--wide lacks the full table"; return 1; }
	grep -q "boot 2: ${LAYOUT_EXAMPLES[1]} (" <<<"$out" || { echo "--wide lacks the path as given"; return 1; }
}

stest_report_layout_sign_once_caveat_once_seed_once() {
	local out n
	out=$(layout_report "${LAYOUT_EXAMPLES[@]}") || { echo "report exited $?"; return 1; }
	[ "$(head -1 <<<"$out")" = "idlebench report: 2 files in 1 set; slowdown: positive = slower than hlt" ] ||
		{ echo "first line: $(head -1 <<<"$out")"; return 1; }
	n=$(grep -c 'positive = slower than hlt' <<<"$out")
	[ "$n" = 1 ] || { echo "the sign convention said $n times"; return 1; }
	# one boot: "within this boot only" once (the method), not in every row
	out=$(layout_report tests/fixtures/results/aa_fail.csv) || { echo "report aa_fail.csv exited $?"; return 1; }
	n=$(grep -c 'within this boot only' <<<"$out")
	[ "$n" = 1 ] || { echo "aa_fail.csv: 'within this boot only' on $n lines"; return 1; }
	# three sets: the seed's paragraph once
	out=$(layout_report tests/fixtures/results/plan_a_boot1.csv tests/fixtures/results/plan_b.csv \
		tests/fixtures/results/aa_fail.csv) || { echo "report of three sets exited $?"; return 1; }
	n=$(grep -c "The seed's figures" <<<"$out")
	[ "$n" = 1 ] || { echo "three sets: the seed's paragraph $n times"; return 1; }
}

stest_report_layout_primary_and_failed_controls_in_the_first_screenful() {
	local out top
	out=$(layout_report "${LAYOUT_EXAMPLES[@]}") || { echo "report exited $?"; return 1; }
	top=$(head -$LAYOUT_SCREEN <<<"$out")
	# boot 2's own A/A failed (its `#! control ... verdict=fail`): named, the set marked
	grep -q '^  UNTRUSTWORTHY: boot 2 of 2 (hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv)$' \
		<<<"$top" || { echo "no banner for boot 2 in the first $LAYOUT_SCREEN lines:"; echo "$top"; return 1; }
	grep -q '^    int  .*no difference detected (the interval spans 0)$' <<<"$top" ||
		{ echo "no int primary result read as no difference in the first screenful"; return 1; }
	grep -q '^    fp  .*no difference detected (the interval spans 0)$' <<<"$top" ||
		{ echo "no fp primary result read as no difference in the first screenful"; return 1; }
	grep -q '^    A/A   hlt2   expected 0.00 %, got -0.91 % \[-26.16, 32.98\]: uninformative' <<<"$top" ||
		{ echo "the pooled A/A is not called uninformative in the first screenful"; return 1; }
	grep -q 'per boot: .*boot 2 -3.17 % \[-5.77, -0.51\] FAIL' <<<"$top" ||
		{ echo "boot 2's own A/A is not shown failing in the first screenful"; return 1; }
	if grep -Eq 'faster|slower' <<<"$(sed -n '/primary result/,/controls/p' <<<"$out")"; then
		echo "a direction claimed for intervals that span 0"
		return 1
	fi
	out=$(layout_report tests/fixtures/results/aa_fail.csv) || { echo "report aa_fail.csv exited $?"; return 1; }
	top=$(head -$LAYOUT_SCREEN <<<"$out")
	grep -q '^  UNTRUSTWORTHY: the A/A control (hlt2 vs hlt) shows 2.12 %' <<<"$top" &&
		grep -q '^    A/A   hlt2   expected 0.00 %, got 2.12 % \[1.86, 2.38\]: fail$' <<<"$top" &&
		grep -q '^  primary result: mwait vs hlt' <<<"$top" ||
		{ echo "aa_fail.csv: banner, primary result or the failed A/A not in the first screenful"; return 1; }
}

stest_report_layout_planning_never_asks_more_reps_than_the_kernel_takes() {
	local out max reps
	max=$(sed -n 's/.*\[OPTION_REPS\] = { "reps", OPT_UINT, "", "[0-9.]*", \([0-9]*\), \([0-9]*\),.*/\2/p' \
		core/options/option_table.c)
	[ -n "$max" ] || { echo "no reps bound in core/options/option_table.c"; return 1; }
	out=$(layout_report "${LAYOUT_EXAMPLES[@]}") || { echo "report exited $?"; return 1; }
	# int: no between-boot variance, so the optimum is unbounded (stats_optimal_reps: 100000)
	grep -q "the kernel's reps= takes at most $max: [0-9]* boots at $max reps" <<<"$(tr '\n' ' ' <<<"$out" | tr -s ' ')" ||
		{ echo "the int plan does not stop at reps=$max:"; sed -n '/^  planning/,/^  carry-over/p' <<<"$out"; return 1; }
	for reps in $(sed -n '/^  planning/,/^  carry-over/p' <<<"$out" | grep -oE '[0-9]+ reps' | cut -d' ' -f1); do
		[ "$reps" -le "$max" ] || { echo "planning suggests $reps reps (the kernel takes 1..$max)"; return 1; }
	done
}

# Result file names (docs/stream-format.md "File names"), sourced by tests/run-all.sh.

NAMES_BIN="${BUILD:-build}/host/idlebench"

# Files saved under the names used before the one scheme still read: check,
# report, compare and export take everything from the stream, not the name.
htest_old_result_names_still_read() {
	local dir f
	dir=$(mktemp -d) || return 1
	cp tests/fixtures/results/plan_a_boot1.csv "$dir/20240229-070503.csv"
	cp tests/fixtures/results/plan_a_boot2.csv "$dir/run-0001.csv"
	cp tests/fixtures/results/plan_b.csv "$dir/hygongenuine-18h-0h-test-board-s-20250101T000000Z.csv"
	for f in "$dir"/*.csv; do
		"$NAMES_BIN" check "$f" >/dev/null || fail "check rejects $(basename "$f")" || return 1
	done
	"$NAMES_BIN" report "$dir/20240229-070503.csv" "$dir/run-0001.csv" >"$dir/report.txt" ||
		fail "report rejects the old names" || return 1
	"$NAMES_BIN" compare --allow-different-plans "$dir/20240229-070503.csv" "$dir/run-0001.csv" -- \
		"$dir/hygongenuine-18h-0h-test-board-s-20250101T000000Z.csv" >"$dir/compare.txt" ||
		fail "compare rejects the old names" || return 1
	"$NAMES_BIN" export --jsonl "$dir/run-0001.csv" >"$dir/export.jsonl" || fail "export rejects run-0001.csv" || return 1
	rm -rf "$dir"
}

# The experiment: rows, summaries, kernel checksums equal to the
# host build's, and deterministic runs under QEMU -icount.

ICOUNT="-icount shift=0,sleep=off"

qtest_experiment_rows_parse_as_csv_and_every_pair_is_summarised() {
	boot_valid 0 exp_quick BOOT=pvh CMDLINE="modes=hlt,spin,off" || return 1
	expect_no_line 'check=bad' && expect_no_line ',bad$' && expect_line '^#= preset=quick$' || return 1
	# Every workload is checked against the host build's checksum and summarised per mode.
	local n
	n=$(stream_of "$BOOT_OUT" | grep -c '^#! workload .* check=ok$')
	[ "$n" -ge 16 ] || fail "only $n workloads checked ok" || return 1
	for mode in hlt spin off; do
		[ "$(stream_of "$BOOT_OUT" | grep -c "^#! summary workload=[a-z0-9_]* mode=$mode ")" -eq "$n" ] ||
			fail "not every workload summarised for $mode" || return 1
	done
	expect_line '^#! geomean class=int mode=spin ' && expect_line '^#! geomean class=fp mode=off ' &&
		expect_line '^#  seed figures .*14.53 %.*12.68 %.*19.73 %' || return 1
	# The table is plain CSV once the # lines are dropped.
	python3 - "$BOOT_OUT.stream" <<'PY' || fail "python csv could not read the rows"
import csv, sys
table = csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))
rows = list(table)
assert rows and all(len(r) == len(table.fieldnames) and None not in r.values() for r in rows), \
    "a row's field count differs from the header's"
assert {r['mode'] for r in rows} == {'hlt', 'spin', 'off'}
assert all(int(r['tsc_cycles']) > 0 and r['check'] == 'ok' for r in rows)
PY
}

qtest_experiment_icount_repeated_samples_and_boots_are_identical() {
	local cmd="modes=hlt,off workloads=lz,matmul reps=3"
	boot exp_ic1 BOOT=pvh CMDLINE="$cmd" QEMU_EXTRA="$ICOUNT"
	expect_rc 0 || return 1
	local first="$BOOT_OUT"
	boot exp_ic2 BOOT=pvh CMDLINE="$cmd" QEMU_EXTRA="$ICOUNT"
	expect_rc 0 || return 1
	diff <(stream_rows "$first") <(stream_rows "$BOOT_OUT") >&2 ||
		fail "two icount boots gave different rows" || return 1
	# Within one boot: one tsc_cycles value per workload, whatever the mode or rep.
	local distinct
	distinct=$(stream_rows "$BOOT_OUT" workload tsc_cycles | sort -u | wc -l)
	[ "$distinct" -eq 2 ] || fail "expected identical tsc_cycles per workload, got $distinct distinct pairs"
}

qtest_experiment_icount_off_is_exactly_zero_slowdown() {
	boot exp_ic3 BOOT=pvh CMDLINE="modes=hlt,off workloads=lz,whetstone reps=3" QEMU_EXTRA="$ICOUNT"
	expect_rc 0 && expect_line '^#! summary workload=lz mode=off .* slowdown_vs_hlt_pct=0.00 ci95_lo=0.00 ci95_hi=0.00 ' &&
		expect_line '^#! summary workload=whetstone mode=off .* slowdown_vs_hlt_pct=0.00 ci95_lo=0.00 ci95_hi=0.00 '
}

qtest_experiment_rows_show_the_sibling_switching_modes() {
	# Under plain TCG the parked CPU's wake-ups between samples differ by mode:
	# the I/O-port loop returns from every read, HLT sleeps, off reports nothing.
	boot exp_modes BOOT=pvh CMDLINE="modes=hlt,ioport,off c2port=0x414 workloads=lz reps=3"
	expect_rc 0 || return 1
	stream_rows "$BOOT_OUT" workload class mode sib_wakeups |
		awk -F, '/^lz,int,ioport,/ && $4 > 0 {n++} END {exit !(n >= 1)}' ||
		fail "no ioport sample saw sibling wake-ups" || return 1
	stream_rows "$BOOT_OUT" workload class mode sib_wakeups |
		awk -F, '/^lz,int,off,/ && $4 != "" {bad++} END {exit bad > 0}' ||
		fail "off samples report sibling wake-ups"
}

qtest_experiment_blocked_order_runs_each_pair_in_a_row() {
	boot exp_blocked BOOT=pvh CMDLINE="order=blocked modes=hlt,spin workloads=lz reps=3"
	expect_rc 0 && expect_line '^#= order=blocked$' || return 1
	local modes
	modes=$(stream_rows "$BOOT_OUT" mode | tr '\n' ' ')
	[ "$modes" = "hlt hlt hlt spin spin spin " ] || fail "blocked order gave: $modes"
}

qtest_experiment_unknown_workload_lists_valid_names() {
	boot exp_badwl BOOT=pvh CMDLINE="workloads=lz,quicksort"
	expect_rc 1 && expect_line "^#! error code=CMDLINE_BAD_VALUE .*quicksort.*valid: all, int, fp, lz"
}

qtest_host_bench_prints_a_stream_check_accepts() {
	BOOT_OUT="$QTEST_LOGS/host_bench.out"
	"${BUILD:-build}/host/idlebench" bench --workloads=lz,whetstone --reps=2 --sample-ms=2 >"$BOOT_OUT" ||
		fail "idlebench bench failed" || return 1
	expect_valid_stream && expect_line '^#= boot=linux$' && expect_line '^#! end rows=4 status=ok ' || return 1
	stream_rows "$BOOT_OUT" workload class mode placement rep | grep -x 'lz,int,host,,1' >/dev/null ||
		fail "no lz row of repetition 1 with mode host and an empty placement"
}

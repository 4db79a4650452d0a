# `idlebench linux` on a real Linux kernel in QEMU, sourced by tests/run-all.sh.
# The machine running the tests may have no cpuidle driver at all (then the
# real run of tests/host/test_linux.sh skips), so this boots Debian's own
# kernel (linux-image-amd64's, unpacked by scripts/install-deps.sh) under TCG with 3 vCPUs (cpu0 and
# cpu1 SMT siblings, cpu2 on another core) and the _CST of
# tests/qemu/acpi/cst-c2-0x414-3cpus.asl: Linux's acpi_idle then offers POLL,
# C1 "ACPI HLT" and C2 "ACPI IOPORT 0x414" on each; placement=other-core
# parks cpu2, placement=both cpu1 and cpu2. The guest is `make
# linux-guest`'s (scripts/linux-guest.sh: busybox-static, build/host/idlebench,
# Debian's xz and gzip, each with its libraries); its /init runs two
# plans with placement=other-core and powers off. Run A: the menu governor,
# the parked CPU's QoS limit as Linux sets it (0 = none). Run B: the ladder
# governor, which cannot hold C2 (it climbs one state at a time and not
# into a disabled one), so the run switches to menu and back; and the limit
# set to n/a beforehand (no latency accepted: every governor then picks
# POLL whatever is disabled), which hlt and ioport can only be held against
# by writing 0 there. Runs U (first, the LINUX_ARGS run of `make
# linux-guest`) and D time a command (`-- COMMAND`, menu and QoS 0):
# busybox sha256sum over 1 MiB, then `sh -c 'exit 3'`. The
# stream of each run and the cpuidle values before and after go to the
# second serial port.

LG_BIN="${BUILD:-build}/host/idlebench"
# Run U: the LINUX_ARGS run of `make linux-guest` itself (a real program as
# COMMAND, menu, the QoS limit Linux sets), first in the guest.
LG_U_ARGS="--placement=other-core --modes=poll,hlt,ioport --reps=5 --warmup=1 --seed=7 --name=sha256 -- busybox sha256sum /data/in.bin"

# The guest's /init script (the runs); $1 = the output port.
linux_guest_script() {
	cat <<'EOF'
v() {
	for f in /sys/devices/system/cpu/cpu[12]/cpuidle/state*/disable /sys/devices/system/cpu/cpu[12]/power/pm_qos_resume_latency_us \
		/sys/devices/system/cpu/cpuidle/current_governor; do echo "$f $(cat $f)"; done
}
run() {
	v >/tmp/before
	echo "=== stream $1"
	/bin/idlebench linux --placement=other-core --modes=poll,hlt,ioport --workloads=lz --reps=10 --warmup=1 \
		--sample-ms=20 --seed=7 --out=/tmp/$1.csv 2>/tmp/$1.err
	echo "rc=$?" >/tmp/$1.rc
	cat /tmp/$1.csv
	echo "=== info $1"
	cat /tmp/$1.rc /tmp/$1.err
	v >/tmp/after
	echo "before:"; cat /tmp/before
	echo "after:"; cat /tmp/after
	cmp -s /tmp/before /tmp/after && echo "values: same" || echo "values: differ"
}
run A
echo ladder >/sys/devices/system/cpu/cpuidle/current_governor
echo n/a >/sys/devices/system/cpu/cpu2/power/pm_qos_resume_latency_us
run B
# Run D: a command that fails every time (run U, before A, timed a real one).
echo menu >/sys/devices/system/cpu/cpuidle/current_governor
echo 0 >/sys/devices/system/cpu/cpu2/power/pm_qos_resume_latency_us
run_command() {
	v >/tmp/before
	echo "=== stream $1"
	name=$1
	shift
	/bin/idlebench linux --placement=other-core --modes=poll,hlt,ioport --reps=5 --warmup=1 --seed=7 \
		--out=/tmp/$name.csv "$@" 2>/tmp/$name.err
	echo "rc=$?" >/tmp/$name.rc
	cat /tmp/$name.csv
	echo "=== info $name"
	cat /tmp/$name.rc /tmp/$name.err
	v >/tmp/after
	cmp -s /tmp/before /tmp/after && echo "values: same" || echo "values: differ"
}
run_command D -- sh -c 'echo "it broke"; exit 3'
# Run E: placement=both, the sibling cpu1 and cpu2 on the other core parked at once
# (a command: no calibration, the shortest run that takes the proof on both).
v >/tmp/before
echo "=== stream E"
/bin/idlebench linux --placement=both --modes=poll,hlt --reps=4 --warmup=1 --seed=7 --out=/tmp/E.csv \
	-- busybox sha256sum /data/in.bin 2>/tmp/E.err
echo "rc=$?" >/tmp/E.rc
cat /tmp/E.csv
echo "=== info E"
cat /tmp/E.rc /tmp/E.err
v >/tmp/after
cmp -s /tmp/before /tmp/after && echo "values: same" || echo "values: differ"
echo "=== done"
EOF
}

# Boot once per run-all (every test reads it) through the script of `make
# linux-guest` (scripts/linux-guest.sh: the same kernel, _CST, initramfs and
# QEMU line, with this file's runs as the guest's script): LG_OUT is the
# second port's output; 0, or "skipped: why" and 77 where this machine cannot.
linux_guest_boot() {
	local dir rc err
	LG_OUT="$QTEST_LOGS/linux_guest.out"
	BOOT_OUT=$LG_OUT
	[ "$(cat "$LG_OUT.pid" 2>/dev/null)" = "$$" ] && return 0
	rm -f "$LG_OUT.pid" "$LG_OUT"
	dir="$QTEST_LOGS/linux_guest"
	mkdir -p "$QTEST_LOGS" && linux_guest_script >"$QTEST_LOGS/linux_guest.run.sh" || return 1
	rm -rf "$LG_OUT.results"
	LINUX_GUEST_TIMEOUT=600 LINUX_ARGS="$LG_U_ARGS" scripts/linux-guest.sh --run-script "$QTEST_LOGS/linux_guest.run.sh" \
		--work "$dir" "${BUILD:-build}" "$LG_OUT.results" >"$LG_OUT.U.stdout" 2>"$LG_OUT.U.stderr"
	rc=$?
	err=$(cat "$LG_OUT.U.stderr")
	[ $rc = 77 ] && { skip "${err#linux-guest: }"; return; }
	[ -s "$dir/out" ] && grep -q '^=== done' "$dir/out" || fail "$err" || return 1
	echo $rc >"$LG_OUT.U.rc"
	cp "$dir/out" "$LG_OUT" && echo $$ >"$LG_OUT.pid"
}

# The part of the guest's output between "=== WHAT RUN" and the next "===".
lg_part() {
	tr -d '\r' <"$LG_OUT" | awk -v want="=== $1 $2" '$0 == want {on=1; next} /^===/ {on=0} on'
}

# lg_proof RUN MODE KEY: a field of that run's `#! linux_proof mode=MODE` record.
lg_proof() {
	lg_part stream "$1" | sed -n "s/^#! linux_proof mode=$2 .*\b$3=\([0-9]*\).*/\1/p"
}

# Run RUN: exit 0, `check` accepts the stream, every value back as before,
# and each of poll, hlt, ioport held: no sample entered another state; for
# poll and hlt at least one proven idle in the chosen state (busy ones are
# the host's load). Not for ioport: QEMU answers the port read at once, so
# acpi_idle leaves C2 and enters it again in a loop, and whether C2's share
# of the window passes half depends on TCG's speed (0 to 3 of 5 seen).
lg_expect_run() {
	local run=$1 s info m samples verified other
	s="$LG_OUT.$run.csv"
	lg_part stream "$run" >"$s"
	info=$(lg_part info "$run")
	grep -q '^rc=0$' <<<"$info" || fail "run $run: $info" || return 1
	"$LG_BIN" check "$s" >/dev/null 2>&1 || fail "run $run: check rejects the stream: $("$LG_BIN" check "$s" 2>&1)" || return 1
	grep -q '^values: same$' <<<"$info" || fail "run $run: cpuidle values not put back: $info" || return 1
	for m in poll hlt ioport; do
		samples=$(lg_proof "$run" $m samples)
		verified=$(lg_proof "$run" $m verified)
		other=$(lg_proof "$run" $m other_state)
		[ -n "$samples" ] && [ "$samples" -gt 0 ] || fail "run $run: no linux_proof record for $m" || return 1
		[ "$other" = 0 ] || fail "run $run: $m not held, $other samples entered another state" || return 1
		[ $m = ioport ] || [ "$verified" -gt 0 ] ||
			fail "run $run: no $m sample proven ($(grep "^#! linux_proof mode=$m" "$s"))" || return 1
	done
}

qtest_linux_guest_acpi_idle_menu_poll_hlt_ioport_each_held_and_restored() {
	linux_guest_boot || return
	lg_expect_run A || return 1
	grep -q '^#= cpuidle_driver=acpi_idle$' "$LG_OUT.A.csv" || fail "run A: driver is not acpi_idle" || return 1
	# what the boot is (the two-boot procedure): no idle= word, C1 entered with HLT (TCG has no MWAIT), its boot id
	grep -q '^#= linux_idle_override=$' "$LG_OUT.A.csv" && grep -q '^#= linux_c1=hlt$' "$LG_OUT.A.csv" &&
		grep -qE '^#= linux_boot_id=[0-9a-f]{8}-[0-9a-f-]{27}$' "$LG_OUT.A.csv" ||
		fail "run A: $(grep -E '^#= linux_(idle_override|c1|boot_id)' "$LG_OUT.A.csv")" || return 1
	grep -q '^#= cpuidle_governor_run=menu$' "$LG_OUT.A.csv" || fail "run A: the governor was changed" || return 1
	grep -q '^#= parked_pm_qos_written=poll:n/a$' "$LG_OUT.A.csv" || fail "run A: poll does not write QoS n/a" || return 1
	# TCG emulates no PMU: the run says why perf_event_open gave no counts (or names it where it did)
	grep -qE '^#= pmu=(none \(perf_event_open cycles: .+\)|perf_event_open cpu0 .*)$' "$LG_OUT.A.csv" ||
		fail "run A: pmu meta $(grep '^#= pmu' "$LG_OUT.A.csv")"
}

# Fails on a tool that leaves the QoS limit alone (with n/a found, the
# governor picks POLL although it is disabled, and hlt/ioport are never
# held) or the ladder governor (C2 is rarely reached).
qtest_linux_guest_ladder_switched_to_menu_qos_na_lifted_for_hlt_ioport_both_put_back() {
	linux_guest_boot || return
	lg_expect_run B || return 1
	grep -q '^#= cpuidle_governor=ladder$' "$LG_OUT.B.csv" || fail "run B: not started under ladder" || return 1
	grep -q '^#= cpuidle_governor_run=menu$' "$LG_OUT.B.csv" || fail "run B: ladder not switched to menu for C2" || return 1
	grep -q '^#= cpuidle_governor_why=the ladder governor cannot hold state2' "$LG_OUT.B.csv" ||
		fail "run B: no reason for the switch" || return 1
	grep -q '^#= parked_pm_qos_resume_latency_us=n/a$' "$LG_OUT.B.csv" || fail "run B: QoS n/a not found" || return 1
	grep -q '^#= parked_pm_qos_written=hlt:0,ioport:0$' "$LG_OUT.B.csv" ||
		fail "run B: $(grep parked_pm_qos_written "$LG_OUT.B.csv")" || return 1
	local info
	info=$(lg_part info B)
	grep -q '^after:' <<<"$info" && grep -q 'pm_qos_resume_latency_us n/a$' <<<"${info#*after:}" ||
		fail "run B: n/a not back after the run"
}

# `-- COMMAND` in a real kernel: busybox sha256sum as the
# command under poll, hlt and ioport with placement=other-core: the stream
# verifies, every row is the command's with exit status 0, every mode has
# its proof record (each sample proven or excluded with the reason), and
# the values are back; a command that exits 3 stops after 3 in a row,
# exit 1, values back. The sha256 run is `make linux-guest`'s own (run U):
# its exit status, the stream it prints, the file it saves under
# RESULTS_DIR. Fails on the old tool, which refuses the words after "--".
qtest_linux_guest_command_sha256_measured_per_mode_and_failing_command_stops() {
	linux_guest_boot || return
	local s info m samples saved
	s="$LG_OUT.C.csv"
	lg_part stream U >"$s"
	info=$(lg_part info U)
	[ "$(cat "$LG_OUT.U.rc")" = 0 ] || fail "run U: linux-guest.sh exit $(cat "$LG_OUT.U.rc"): $(cat "$LG_OUT.U.stderr")" || return 1
	grep -q '^rc=0$' <<<"$info" || fail "run U: $info" || return 1
	"$LG_BIN" check "$s" >/dev/null 2>&1 || fail "run U: check rejects the stream: $("$LG_BIN" check "$s" 2>&1)" || return 1
	grep -q '^values: same$' <<<"$info" || fail "run U: cpuidle values not put back: $info" || return 1
	grep -qxF -f "$s" "$LG_OUT.U.stdout" && [ "$(grep -cxF -f "$s" "$LG_OUT.U.stdout")" = "$(wc -l <"$s")" ] ||
		fail "run U: linux-guest.sh did not print the stream" || return 1
	saved=$(sed -n 's/^result: //p' "$LG_OUT.U.stdout")
	[ -f "$saved" ] && [ "${saved#"$LG_OUT.results"/}" != "$saved" ] && cmp -s "$saved" "$s" ||
		fail "run U: the stream is not saved under RESULTS_DIR: $(cat "$LG_OUT.U.stdout" | tail -3)" || return 1
	grep -q '^#= linux_command="busybox" "sha256sum" "/data/in.bin"$' "$s" || fail "run U: linux_command meta" || return 1
	[ "$(grep -cE '^[0-9]+,sha256,cmd,(poll|hlt|ioport),other-core,.*,0,$' "$s")" = 15 ] ||
		fail "run U: not 15 rows of sha256 with exit status 0: $(grep -m3 -E '^[0-9]' "$s")" || return 1
	for m in poll hlt ioport; do
		samples=$(lg_proof U $m samples)
		[ "$samples" = 5 ] || fail "run U: $m proof record: $(grep "^#! linux_proof mode=$m" "$s")" || return 1
	done
	local rep
	rep=$("$LG_BIN" report "$s")
	# the report wraps at 100 columns: the sentence read with its line breaks as spaces
	grep -q 'command: "busybox" "sha256sum" "/data/in.bin"; the slowdown is on its wall time' \
		<<<"$(tr -s ' \n' '  ' <<<"$rep")" ||
		fail "run U: report does not name the command" || return 1
	s="$LG_OUT.D.csv"
	lg_part stream D >"$s"
	info=$(lg_part info D)
	grep -q '^rc=1$' <<<"$info" || fail "run D: a failing command did not exit 1: $info" || return 1
	grep -q '^#! error code=COMMAND_FAILED msg="3 samples in a row failed, the last: exit status 3 (last output line: it broke)"' "$s" ||
		fail "run D: no COMMAND_FAILED: $(grep '^#!' "$s" | tail -4)" || return 1
	grep -q '^values: same$' <<<"$info" || fail "run D: cpuidle values not put back: $info" || return 1
}

# placement=both in a real kernel: the sibling cpu1 and
# cpu2 on the other core both parked, the mode record and the meta name
# them, each mode proven over both (no sample entered another state on
# either; hlt proven at least once), every value on both CPUs back. Fails
# on the old tool, which refuses placement=both.
qtest_linux_guest_placement_both_parks_sibling_and_other_core_each_proven() {
	linux_guest_boot || return
	local s info m samples verified other
	s="$LG_OUT.E.csv"
	lg_part stream E >"$s"
	info=$(lg_part info E)
	grep -q '^rc=0$' <<<"$info" || fail "run E: $info" || return 1
	"$LG_BIN" check "$s" >/dev/null 2>&1 || fail "run E: check rejects the stream: $("$LG_BIN" check "$s" 2>&1)" || return 1
	grep -q '^values: same$' <<<"$info" || fail "run E: cpuidle values not put back: $info" || return 1
	grep -q '^#= placement=both$' "$s" && grep -q '^#= parked_cpus=1,2$' "$s" ||
		fail "run E: parked_cpus $(grep '^#= parked_cpus' "$s")" || return 1
	for m in poll hlt; do
		grep -qE "^#! mode name=$m status=ok cpus=2 cpu=1,2 state=state[01] " "$s" ||
			fail "run E: mode record $(grep "^#! mode name=$m " "$s")" || return 1
		samples=$(lg_proof E $m samples)
		verified=$(lg_proof E $m verified)
		other=$(lg_proof E $m other_state)
		[ "$samples" = 4 ] && [ "$other" = 0 ] || fail "run E: $(grep "^#! linux_proof mode=$m" "$s")" || return 1
		[ $m = poll ] || [ "$verified" -gt 0 ] || fail "run E: no hlt sample proven on both CPUs" || return 1
	done
	# every excluded row names the parked CPU that failed
	! grep '^#! excluded ' "$s" | grep -vE ' cpu=[12]$' >/dev/null || fail "run E: $(grep '^#! excluded' "$s" | sed -n 1,3p)"
}

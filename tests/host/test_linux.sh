# `idlebench linux`, sourced by tests/run-all.sh; each htest_* is one test.
# The fake-sysfs tests run everywhere: restore after SIGTERM and after a
# crash (SIGKILL), a pending restore refused, --list read-only. The real run
# needs root and a writable cpu1/cpuidle (CI's VM: the haltpoll driver, POLL
# and haltpoll states); where it cannot, it says why and counts as skipped.

LINUX_BIN="${BUILD:-build}/host/idlebench"

# linux_drop_excluded IN OUT: the stream IN without its `#! excluded`
# records, the end record's CRC re-sealed. The fake trees' counters never
# move, so every row of a run on them is excluded; report and compare then
# read the rows as if proven.
linux_drop_excluded() {
	python3 /dev/stdin "$1" >"$2" <<'PY'
import re, sys, zlib
lines = open(sys.argv[1]).read().split('\n')
body = [l for l in lines if l and not l.startswith('#! excluded') and not l.startswith('#! end')]
end = [l for l in lines if l.startswith('#! end')][0]
text = '\n'.join(body) + '\n'
sys.stdout.write(text + re.sub(r'crc32=[0-9a-f]+', 'crc32=%08x' % zlib.crc32(text.encode()), end) + '\n')
PY
}

# A writable copy of a fixture tree, path on stdout.
linux_fake_root() {
	local dir
	dir=$(mktemp -d) && cp -r "tests/fixtures/sysfs/$1/." "$dir/" && echo "$dir"
}

# Every cpuidle disable/online/QoS/governor value under a root, one "path value" per line.
linux_values() {
	find "$1/sys/devices/system/cpu" \( -name disable -o -name online -o -name pm_qos_resume_latency_us \
		-o -name current_governor \) \
		-type f 2>/dev/null | sort | while read -r f; do echo "$f $(cat "$f")"; done
}

# Start a long run on the fake tree; wait until its restore file exists.
linux_start_long_run() {
	"$LINUX_BIN" linux --sysfs-root="$1" --placement=sibling --modes=poll,mwait,ioport --workloads=lz \
		--reps=200 --sample-ms=20 --out="$1/run.csv" 2>"$1/run.err" &
	LINUX_PID=$!
	for _ in $(seq 1 100); do
		[ -f "$1/run/idlebench-linux.restore" ] && grep -q disable "$1/run/idlebench-linux.restore" && return 0
		sleep 0.05
	done
	return 1
}

htest_linux_sigterm_puts_every_value_back() {
	local root before
	root=$(linux_fake_root amd-acpi-idle) || return 1
	before=$(linux_values "$root")
	linux_start_long_run "$root" || { kill "$LINUX_PID" 2>/dev/null; fail "the run never wrote its restore file"; return 1; }
	for _ in $(seq 1 100); do
		[ "$(linux_values "$root")" != "$before" ] && break
		sleep 0.05
	done
	[ "$(linux_values "$root")" != "$before" ] || fail "the run changed nothing before SIGTERM" || return 1
	kill -TERM "$LINUX_PID"
	wait "$LINUX_PID"
	[ "$(linux_values "$root")" = "$before" ] || fail "values differ after SIGTERM: $(diff <(echo "$before") <(linux_values "$root"))" || return 1
	[ ! -f "$root/run/idlebench-linux.restore" ] || fail "restore file left after SIGTERM" || return 1
	rm -rf "$root"
}

htest_linux_after_a_crash_second_run_refuses_and_restore_puts_back() {
	local root before
	root=$(linux_fake_root intel-idle) || return 1
	before=$(linux_values "$root")
	linux_start_long_run "$root" || { kill "$LINUX_PID" 2>/dev/null; fail "the run never wrote its restore file"; return 1; }
	# the restore file is written before the first value: kill once one changed (at most 5 s)
	for _ in $(seq 1 100); do
		[ "$(linux_values "$root")" != "$before" ] && break
		sleep 0.05
	done
	kill -KILL "$LINUX_PID"
	wait "$LINUX_PID" 2>/dev/null
	[ "$(linux_values "$root")" != "$before" ] || fail "nothing to restore after the crash" || return 1
	if "$LINUX_BIN" linux --sysfs-root="$root" --modes=poll --workloads=lz --reps=1 >/dev/null 2>"$root/second.err"; then
		fail "a second run started while a restore was pending"; return 1
	fi
	grep -q "a restore is pending" "$root/second.err" || fail "no 'restore is pending' message: $(cat "$root/second.err")" || return 1
	"$LINUX_BIN" linux --sysfs-root="$root" --restore >/dev/null || fail "--restore failed" || return 1
	[ "$(linux_values "$root")" = "$before" ] || fail "values differ after --restore" || return 1
	rm -rf "$root"
}

# busy: a thread pinned to the parked CPU (cpu1 of the fake tree, a real
# CPU here) runs checked rounds of sort during the busy samples; no cpuidle
# state is chosen for it, its samples pass (no wrong checksum), the summary
# has the busy_control record with the hypervisor caveat when there is
# one, and every sysfs value is back after the run.
htest_linux_busy_thread_runs_and_the_tree_is_restored() {
	local root before out
	[ "$(nproc)" -ge 2 ] || { skip "one CPU: no cpu1 to pin the busy thread to"; return; }
	root=$(linux_fake_root hygon-acpi-idle-nomwait) || return 1
	before=$(linux_values "$root")
	out="$root/run.csv"
	BOOT_OUT=$out
	"$LINUX_BIN" linux --sysfs-root="$root" --placement=sibling --modes=hlt,busy --workloads=lz --reps=3 \
		--sample-ms=5 --out="$out" 2>"$root/run.err" || fail "the run failed: $(cat "$root/run.err")" || return 1
	"$LINUX_BIN" check "$out" >/dev/null || fail "check rejects the stream" || return 1
	[ "$(linux_values "$root")" = "$before" ] || fail "values differ after the run" || return 1
	expect_line '^#! mode name=busy status=ok cpus=1 cpu=1 state=busy workload=sort$' &&
		expect_line '^#! linux_proof mode=busy samples=3 verified=3 excluded=0 ' &&
		[ "$(stream_rows "$out" mode check | grep -c '^busy,ok$')" = 3 ] &&
		expect_line '^#! busy_control mode=busy .* placement=sibling verdict=[a-z_]+ workloads=1 caveat=' &&
		expect_no_line '^#! error' || return 1
	rm -rf "$root"
}

htest_linux_list_is_read_only_and_maps_states() {
	local root before out
	root=$(linux_fake_root amd-acpi-idle) || return 1
	before=$(linux_values "$root")
	out=$("$LINUX_BIN" linux --sysfs-root="$root" --list) || fail "--list failed" || return 1
	grep -q "state1 C1 .*-> mwait" <<<"$out" || fail "C1 FFH MWAIT not mapped to mwait: $out" || return 1
	grep -q "state2 C2 .*-> ioport" <<<"$out" || fail "C2 IOPORT not mapped to ioport" || return 1
	grep -q "hlt .*idle=nomwait" <<<"$out" || fail "no idle=nomwait advice for hlt" || return 1
	[ "$(linux_values "$root")" = "$before" ] || fail "--list changed a value" || return 1
	[ ! -e "$root/run" ] || fail "--list created a restore file" || return 1
	rm -rf "$root"
}

# --list says each reason once: without a sibling to park (SMT
# off, sibling offline) the reason is on the first line and the modes do not
# repeat it; a parked CPU without cpuidle gets one line, the modes point at
# it; hlt2 and spike, which park as hlt, point at hlt's reason. Reasons that
# differ per mode (hlt's and ioport's under intel_idle) stay.
htest_linux_list_says_each_reason_once() {
	local fx root out n
	for fx in smt-off:"SMT is switched off" offline-sibling:"its sibling threads are offline" \
		cpuidle-off:"cpuidle is off" intel-idle:"has no HLT state" intel-idle:"I/O-port C-states"; do
		root=$(linux_fake_root "${fx%%:*}") || return 1
		out=$("$LINUX_BIN" linux --sysfs-root="$root" --list) || fail "--list failed on ${fx%%:*}" || return 1
		rm -rf "$root"
		n=$(grep -cF "${fx#*:}" <<<"$out")
		[ "$n" -eq 1 ] || fail "${fx%%:*}: '${fx#*:}' said $n times, not once: $out" || return 1
	done
	root=$(linux_fake_root smt-off) || return 1
	out=$("$LINUX_BIN" linux --sysfs-root="$root" --list)
	rm -rf "$root"
	grep -qx "modes: none, without a CPU to park (why: the first line)" <<<"$out" ||
		fail "smt-off: no single 'modes: none' line: $out" || return 1
	root=$(linux_fake_root intel-idle) || return 1
	out=$("$LINUX_BIN" linux --sysfs-root="$root" --list)
	rm -rf "$root"
	grep -qE "^  hlt2 +unavailable: as hlt \(above\)$" <<<"$out" && grep -qE "^  mwait +available$" <<<"$out" ||
		fail "intel-idle: hlt2 does not point at hlt, or mwait is not available: $out"
}

# The haltpoll governor ignores disable (tools/linux/linux_hold.h): with a poll
# window (guest_halt_poll_ns > 0) it polls before it halts, so hlt needs
# menu, written for the run and put back; with guest_halt_poll_ns=0 (the CI
# VM's setting) it halts at once and the governor is left alone. poll
# writes the parked CPU's QoS limit n/a either way (the limit the haltpoll
# governor does honour), put back after.
htest_linux_haltpoll_poll_window_switches_governor_to_menu_and_back() {
	local root before gov
	root=$(linux_fake_root haltpoll) || return 1
	for ns in 200000 0; do
		echo $ns >"$root/sys/module/haltpoll/parameters/guest_halt_poll_ns"
		before=$(linux_values "$root")
		"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=poll,hlt --workloads=lz --reps=1 \
			--warmup=0 --sample-ms=2 --out="$root/run.csv" 2>"$root/run.err" || fail "run: $(cat "$root/run.err")" || return 1
		[ "$(linux_values "$root")" = "$before" ] || fail "values differ after the run" || return 1
		gov=$(sed -n 's/^#= cpuidle_governor_run=//p' "$root/run.csv")
		if [ $ns = 0 ]; then
			[ "$gov" = haltpoll ] || fail "guest_halt_poll_ns=0: governor switched to '$gov'" || return 1
		else
			[ "$gov" = menu ] || fail "guest_halt_poll_ns=$ns: governor '$gov', not menu" || return 1
			grep -q '^#= cpuidle_governor_why=the haltpoll governor cannot hold state1' "$root/run.csv" ||
				fail "no reason for the switch" || return 1
		fi
		grep -q '^#= parked_pm_qos_written=poll:n/a$' "$root/run.csv" || fail "poll does not write QoS n/a" || return 1
		grep -q "^#! restore values=[1-9]" "$root/run.csv" || fail "no restore record" || return 1
	done
	rm -rf "$root"
}

htest_linux_bad_option_gets_the_kernels_error() {
	local err
	if err=$("$LINUX_BIN" linux --modes=spin 2>&1); then fail "--modes=spin accepted"; return 1; fi
	grep -q "bad value: 'modes=spin' (unknown mode 'spin'; valid modes: hlt,mwait,ioport,hlt2,spike,busy,poll" <<<"$err" ||
		fail "unexpected error: $(head -1 <<<"$err")"
}

# The real run: poll and hlt with placement=other-core on this machine, once
# per run-all (both tests below read it). linux_real_run sets BOOT_OUT and
# returns 0, or prints "skipped: why" and returns 77 where it cannot run.
linux_real_run() {
	local sysd=/sys/devices/system/cpu out before after list
	out="$QTEST_LOGS/linux_real.csv"
	BOOT_OUT=$out
	[ "$(id -u)" = 0 ] || { skip "not root: choosing cpu1's idle state writes cpuidle sysfs"; return; }
	[ -w "$sysd/cpu1/cpuidle/state0/disable" ] || { skip "no writable $sysd/cpu1/cpuidle (driver $(cat $sysd/cpuidle/current_driver 2>/dev/null || echo none))"; return; }
	list=$("$LINUX_BIN" linux --placement=other-core --list)
	grep -qE "^  poll +available" <<<"$list" && grep -qE "^  hlt +available" <<<"$list" ||
		{ skip "this cpuidle driver ($(cat $sysd/cpuidle/current_driver)) offers no POLL and HLT state on the parked CPU"; return; }
	[ "$(cat "$out.pid" 2>/dev/null)" = "$$" ] && return 0
	rm -f "$out.pid"
	before=$(linux_values "")
	"$LINUX_BIN" linux --placement=other-core --modes=poll,hlt --workloads=lz,matmul --reps=5 --warmup=1 \
		--sample-ms=5 --out="$out" 2>"$out.err" || fail "the run failed: $(cat "$out.err")" || return 1
	after=$(linux_values "")
	[ "$after" = "$before" ] || fail "sysfs values differ after the run: $(diff <(echo "$before") <(echo "$after"))" || return 1
	"$LINUX_BIN" check "$out" >/dev/null || fail "check rejects the stream" || return 1
	grep -q "^#= boot=linux$" "$out" || fail "no boot=linux meta" || return 1
	echo $$ >"$out.pid"
}

# proof_field MODE KEY: a field of the `#! linux_proof mode=MODE` record.
proof_field() {
	sed -n "s/^#! linux_proof mode=$1 .*\b$2=\([0-9]*\).*/\1/p" "$BOOT_OUT"
}

# hlt on the other core's CPU: the run is checked, every sysfs value is back,
# and the hlt samples are proven from the residency deltas (skipped, with the
# counts, only when the CPU was busy with other tasks the whole time).
htest_linux_real_run_hlt_verified_and_restored() {
	linux_real_run || return
	local samples verified busy
	samples=$(proof_field hlt samples)
	verified=$(proof_field hlt verified)
	busy=$(proof_field hlt busy)
	[ -n "$samples" ] && [ "$samples" -gt 0 ] || fail "no linux_proof record for hlt" || return 1
	if [ "$verified" = 0 ] && [ "$busy" = "$samples" ]; then
		skip "cpu1 was busy (other tasks) in all $samples hlt samples; the run itself was checked and restored"
		return
	fi
	[ "$verified" -gt 0 ] || fail "no hlt sample verified: $(grep '^#! linux_proof mode=hlt' "$BOOT_OUT")"
}

# poll: the run writes cpu1's QoS limit n/a, which every governor honours
# (haltpoll included, which ignores `disable`), so POLL is held; a sample
# that still left POLL is excluded and never counted (no poll summary),
# which is asserted before the test says it could not verify POLL here.
# tests/qemu/test_linux_guest.sh proves poll, hlt and ioport on a real
# kernel in QEMU wherever this machine cannot.
htest_linux_real_run_poll_verified_or_excluded_with_the_reason() {
	linux_real_run || return
	local samples verified other
	samples=$(proof_field poll samples)
	verified=$(proof_field poll verified)
	other=$(proof_field poll other_state)
	[ -n "$samples" ] && [ "$samples" -gt 0 ] || fail "no linux_proof record for poll" || return 1
	[ "$verified" -gt 0 ] && return 0
	! grep -qE '^#! summary workload=[a-z0-9_]+ mode=poll ' "$BOOT_OUT" ||
		fail "poll samples were all excluded, yet poll has summary records" || return 1
	if [ "$other" = "$samples" ]; then
		skip "POLL was not held here: in all $samples poll samples cpu1 entered another state (governor $(cat /sys/devices/system/cpu/cpuidle/current_governor 2>/dev/null), QoS n/a written); every poll sample was excluded, none counted"
	else
		skip "no poll sample verified ($(grep '^#! linux_proof mode=poll' "$BOOT_OUT")): cpu1 was busy or left POLL; every such sample was excluded, none counted"
	fi
}

htest_linux_out_dir_names_files_like_capture_and_never_overwrites() {
	local root dir first second
	root=$(linux_fake_root amd-acpi-idle) || return 1
	dir="$root/results"
	first=$("$LINUX_BIN" linux --sysfs-root="$root" --modes=poll --workloads=lz --reps=1 --out-dir="$dir" 2>"$root/err1") ||
		fail "first run failed: $(cat "$root/err1")" || return 1
	second=$("$LINUX_BIN" linux --sysfs-root="$root" --modes=poll --workloads=lz --reps=1 --out-dir="$dir" 2>"$root/err2") ||
		fail "second run failed: $(cat "$root/err2")" || return 1
	# <vendor>-<fam>h-<model>h-<product>-<UTC>.csv from the stream's own metadata (the fake tree has no DMI product).
	[[ "$(basename "$first")" =~ ^[a-z0-9]+-[0-9a-f]+h-[0-9a-f]+h-unknown-[0-9]{8}T[0-9]{6}Z(-[0-9]+)?\.csv$ ]] ||
		fail "first name not by the scheme: $first" || return 1
	[ "$first" != "$second" ] || fail "second run reused $first" || return 1
	[ "$(find "$dir" -name '*.csv' | wc -l)" = 2 ] || fail "expected 2 files in $dir: $(ls -a "$dir")" || return 1
	[ -z "$(find "$dir" -name '.capture-*')" ] || fail "temporary file left in $dir" || return 1
	"$LINUX_BIN" check "$first" >/dev/null || fail "$first does not verify" || return 1
	if "$LINUX_BIN" linux --sysfs-root="$root" --out="$root/x.csv" --out-dir="$dir" >/dev/null 2>"$root/err3"; then
		fail "--out with --out-dir accepted"; return 1
	fi
	grep -q "exclude each other" "$root/err3" || fail "no clear error: $(cat "$root/err3")" || return 1
	rm -rf "$root"
}

# A run that refuses before its stream begins (here: a restore is pending)
# saves nothing under --out-dir: no file (not even an empty -INCOMPLETE
# one), no path on stdout, the run's failure status, and the reason on stderr.
htest_linux_out_dir_refused_run_saves_nothing_and_prints_no_path() {
	local root dir out rc=0
	root=$(linux_fake_root amd-acpi-idle) || return 1
	dir="$root/results"
	BOOT_OUT="$root/err"
	mkdir -p "$root/run" "$dir"
	echo "/sys/devices/system/cpu/cpu1/cpuidle/state1/disable 0" >"$root/run/idlebench-linux.restore"
	out=$("$LINUX_BIN" linux --sysfs-root="$root" --modes=poll --workloads=lz --reps=1 --out-dir="$dir" 2>"$root/err") || rc=$?
	[ "$rc" != 0 ] || fail "the run succeeded although a restore was pending" || return 1
	grep -q "a restore is pending" "$root/err" || fail "no 'restore is pending' message: $(cat "$root/err")" || return 1
	[ -z "$out" ] || fail "a path was printed for a run that wrote no stream: $out" || return 1
	[ -z "$(find "$dir" -type f)" ] || fail "files left in $dir: $(find "$dir" -type f)" || return 1
	rm -rf "$root"
}

# `-- COMMAND` on the fake trees: the command itself runs for
# real, on this machine's CPUs; the fake residency counters never move, so
# every row is `#! excluded` (busy), which these tests do not look at.

# A command that exits 3 every time: three bad rows naming the status and
# quoting its last line, then COMMAND_FAILED, exit 1, every value put back.
htest_linux_command_failing_stops_after_three_in_a_row_and_restores() {
	local root before out
	root=$(linux_fake_root amd-acpi-idle) || return 1
	before=$(linux_values "$root")
	"$LINUX_BIN" linux --sysfs-root="$root" --modes=poll,mwait --reps=10 --warmup=0 --seed=1 \
		-- sh -c 'echo "it broke"; exit 3' >"$root/run.csv" 2>"$root/run.err" && { fail "a failing command exited 0"; return 1; }
	out=$(cat "$root/run.csv")
	[ "$(grep -c '^#! command_bad .*exit_status=3 reason="exit status 3" last_line="it broke"' <<<"$out")" = 3 ] ||
		fail "not 3 command_bad records naming status 3 and the last line: $(grep command_bad <<<"$out")" || return 1
	grep -q '^#! error code=COMMAND_FAILED msg="3 samples in a row failed' <<<"$out" || fail "no COMMAND_FAILED error" || return 1
	[ "$(grep -c '^[0-9]*,cmd,cmd,.*,bad,' <<<"$out")" = 3 ] || fail "not 3 rows with check=bad" || return 1
	"$LINUX_BIN" check "$root/run.csv" >/dev/null || fail "the stream does not verify: $("$LINUX_BIN" check "$root/run.csv")" || return 1
	[ "$(linux_values "$root")" = "$before" ] || fail "values differ after the stop" || return 1
	rm -rf "$root"
}

# SIGTERM while the command runs: the command (its process group) is
# killed, then every sysfs value is put back.
htest_linux_command_sigterm_kills_the_command_and_restores() {
	local root before pid
	root=$(linux_fake_root amd-acpi-idle) || return 1
	before=$(linux_values "$root")
	"$LINUX_BIN" linux --sysfs-root="$root" --modes=poll,mwait --reps=10 \
		-- sh -c "echo \$\$ >'$root/cmd.pid'; exec sleep 30" >"$root/run.csv" 2>"$root/run.err" &
	LINUX_PID=$!
	for _ in $(seq 1 100); do [ -s "$root/cmd.pid" ] && break; sleep 0.05; done
	pid=$(cat "$root/cmd.pid" 2>/dev/null)
	[ -n "$pid" ] || { kill "$LINUX_PID"; fail "the command never started"; return 1; }
	kill -TERM "$LINUX_PID"
	wait "$LINUX_PID"
	for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
	! kill -0 "$pid" 2>/dev/null || { kill "$pid"; fail "the command (pid $pid) still runs after SIGTERM"; return 1; }
	[ "$(linux_values "$root")" = "$before" ] || fail "values differ after SIGTERM" || return 1
	[ ! -f "$root/run/idlebench-linux.restore" ] || fail "restore file left after SIGTERM" || return 1
	rm -rf "$root"
}

# A command whose busy child runs on another CPU spends more CPU time than
# wall time: exactly the rows whose user_ns + sys_ns exceed ns by more than
# 5 % get a command_multi_cpu record, and report counts them. The parent
# sleeps before its own loop, so the child is on cpu1 before the loop
# starts (when the command inherited idlebench's SCHED_FIFO, a child forked
# on cpu0 could not run until the parent blocked: the loops ran one after
# the other and this test skipped on every root run). On a machine too
# loaded to run both CPUs at once no row can exceed it: said, skipped.
htest_linux_command_on_two_cpus_is_flagged() {
	local root out flagged want
	[ "$(nproc)" -ge 2 ] || { skip "one CPU"; return; }
	root=$(linux_fake_root amd-acpi-idle) || return 1
	# shellcheck disable=SC2016 # the loops are the command's, expanded by its sh
	"$LINUX_BIN" linux --sysfs-root="$root" --modes=poll,mwait --reps=3 --warmup=0 --seed=1 -- sh -c \
		'taskset -c 1 sh -c "i=0; while [ \$i -lt 100000 ]; do i=\$((i+1)); done" & sleep 0.05; i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; wait' \
		>"$root/run.csv" 2>"$root/run.err" || { fail "run failed: $(tail -2 "$root/run.err")"; return 1; }
	out=$(cat "$root/run.csv")
	want=$(grep -E '^[0-9]+,cmd,' <<<"$out" | awk -F, '($25 + $26) * 100 > $9 * 105 { print $1 }' | sort -n | tr '\n' ' ')
	flagged=$(sed -n 's/^#! command_multi_cpu seq=\([0-9]*\) .*/\1/p' <<<"$out" | sort -n | tr '\n' ' ')
	[ "$flagged" = "$want" ] || fail "flagged rows '$flagged', rows over 105 %: '$want'" || return 1
	[ -n "$want" ] || { rm -rf "$root"; skip "no row ran on two CPUs at once (load $(cut -d' ' -f1 /proc/loadavg))"; return; }
	linux_drop_excluded "$root/run.csv" "$root/proven.csv" || return 1
	local rep
	rep=$("$LINUX_BIN" report "$root/proven.csv")
	grep -q "uses more than one CPU: $(wc -w <<<"$want") of 6 rows" <<<"$rep" ||
		fail "report does not flag it: $(sed -n 1,8p <<<"$rep")" || return 1
	rm -rf "$root"
}

# --metric --higher-is-better: the slowdown is the score's, not the wall
# time's. The command reads the fake tree's state0 (POLL) disable file, so it
# knows the mode: 1000 "lps" in poll (POLL enabled), 2000 in hlt and hlt2:
# poll is 100 % slower than hlt on the score while its wall time is the
# same. The fake counters never move (every row `busy`), so the excluded
# records are dropped and the CRC re-sealed before `report` reads it.
# A score of 0 is a bad sample the run writes as check=bad with its score:
# report and compare read such a file (they refused it whole before).
# The command runs SCHED_OTHER whatever idlebench's thread is: under the
# inherited SCHED_FIFO a run longer than the kernel's RT limit
# (sched_rt_runtime_us of every sched_rt_period_us) is throttled (a 9.8 s
# loop took 5 % longer here under chrt -f 1), and a child it forks waits
# behind it. The command reports its own policy (/proc/PID/stat field 41,
# SCHED_OTHER = 0) plus one as its score; the meta names both. Where
# SCHED_FIFO is not permitted (not root) the score is 1 on the old code
# too, and only the meta tells them apart.
htest_linux_command_runs_sched_other_and_the_rt_limit_is_recorded() {
	local root out limit
	root=$(linux_fake_root haltpoll) || return 1
	# shellcheck disable=SC2016 # expanded by the command's sh
	"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=hlt,poll --reps=2 --warmup=0 --seed=2 \
		--metric='^policy ([0-9]+)$' --name=policy -- \
		sh -c 'echo "policy $(($(cut -d" " -f41 /proc/$$/stat) + 1))"' >"$root/run.csv" 2>"$root/run.err" ||
		{ fail "run failed: $(tail -2 "$root/run.err")"; return 1; }
	out=$(cat "$root/run.csv")
	grep -q '^#= linux_command_sched=other$' <<<"$out" || fail "no linux_command_sched=other meta" || return 1
	local r p scores
	r=$(cat /proc/sys/kernel/sched_rt_runtime_us) p=$(cat /proc/sys/kernel/sched_rt_period_us)
	limit="$r/$p us"
	[ "$r" = "$p" ] && limit="unlimited (runtime = period)"
	[ "$r" = -1 ] && limit=unlimited
	grep -qxF "#= linux_rt_limit=$limit" <<<"$out" || fail "linux_rt_limit is not '$limit': $(grep linux_rt_limit <<<"$out")" || return 1
	scores=$(grep -E '^[0-9]+,policy,' <<<"$out" | awk -F, '{ print $NF }' | sort -u | tr '\n' ' ')
	[ "$scores" = "1 " ] || fail "the command's policy + 1 was '$scores', not 1 (SCHED_OTHER): $(grep '^#= linux_sched=' <<<"$out")" || return 1
	rm -rf "$root"
}

# Samples too long to pace under the RT limit run SCHED_OTHER, and
# linux_sched says why (decided before SCHED_FIFO is asked for: the same
# with or without root).
htest_linux_long_samples_run_sched_other_saying_why() {
	local root out r p
	r=$(cat /proc/sys/kernel/sched_rt_runtime_us 2>/dev/null) p=$(cat /proc/sys/kernel/sched_rt_period_us 2>/dev/null)
	[ "$r" != -1 ] && [ "$r" != "$p" ] || { skip "no RT limit here (sched_rt_runtime_us $r of $p)"; return; }
	root=$(linux_fake_root haltpoll) || return 1
	"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=hlt --workloads=hash --reps=1 --warmup=0 \
		--seed=2 --sample-ms=400 >"$root/run.csv" 2>"$root/run.err" ||
		{ fail "run failed: $(tail -2 "$root/run.err")"; return 1; }
	out=$(cat "$root/run.csv")
	grep -qE '^#= linux_sched=other \(samples of 400 ms under SCHED_FIFO.s RT limit \([^)]*\) would need a [0-9]+ ms pause each to stay unthrottled\), pinned to cpu[0-9]+$' <<<"$out" ||
		fail "linux_sched does not say why: $(grep '^#= linux_sched=' <<<"$out")" || return 1
	rm -rf "$root"
}

htest_linux_command_zero_score_is_a_bad_sample_report_still_reads() {
	local root rep
	root=$(linux_fake_root haltpoll) || return 1
	# shellcheck disable=SC2016 # expanded by the command's sh
	"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=hlt,poll --reps=3 --warmup=0 --seed=2 \
		--metric='^rate ([0-9.e]+) lps$' --higher-is-better --name=rate -- \
		sh -c 'if [ -e "$1" ]; then echo "rate 1000 lps"; else : >"$1"; echo "rate 0 lps"; fi' sh \
		"$root/once" >"$root/run.csv" 2>"$root/run.err" ||
		{ fail "run failed: $(tail -2 "$root/run.err")"; return 1; }
	[ "$(grep -cE '^[0-9]+,rate,cmd,.*,bad,.*,0$' "$root/run.csv")" = 1 ] ||
		fail "not one check=bad row with score 0: $(grep -m3 -E '^[0-9]+,rate' "$root/run.csv")" || return 1
	rep=$("$LINUX_BIN" report "$root/run.csv" 2>&1) || fail "report refuses the stream: $(sed -n 1,3p <<<"$rep")" || return 1
	rm -rf "$root"
}

htest_linux_command_metric_slowdown_is_the_scores() {
	local root out row
	root=$(linux_fake_root haltpoll) || return 1
	# shellcheck disable=SC2016 # expanded by the command's sh
	"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=hlt,hlt2,poll --reps=10 --warmup=1 --seed=2 \
		--metric='^rate ([0-9.e]+) lps$' --higher-is-better --name=rate -- \
		sh -c 'if [ "$(cat "$1")" = 0 ]; then echo "rate 1000 lps"; else echo "rate 2.0e3 lps"; fi' sh \
		"$root/sys/devices/system/cpu/cpu1/cpuidle/state0/disable" >"$root/run.csv" 2>"$root/run.err" ||
		{ fail "run failed: $(tail -2 "$root/run.err")"; return 1; }
	out=$(cat "$root/run.csv")
	grep -q '^#= linux_higher_is_better=yes$' <<<"$out" || fail "no linux_higher_is_better meta" || return 1
	[ "$(grep -cE '^[0-9]+,rate,cmd,poll,([^,]*,){5}1000000\.00,.*,0,1000$' <<<"$out")" = 10 ] ||
		fail "poll rows: cycles_per_iter is not 1e9/1000: $(grep -m2 -E '^[0-9]+,rate,cmd,poll' <<<"$out")" || return 1
	linux_drop_excluded "$root/run.csv" "$root/proven.csv" || return 1
	out=$("$LINUX_BIN" report "$root/proven.csv")
	# the report wraps at 100 columns: read the sentence with its line breaks as spaces
	grep -q 'the slowdown is on its score (higher is better)' <<<"$(tr -s ' \n' '  ' <<<"$out")" || fail "report does not say what the slowdown is on" || return 1
	row=$(grep -E '^  rate +poll +10 ' <<<"$out")
	grep -qE ' 100\.00 \[100\.00, 100\.00\]' <<<"$row" || fail "poll is not 100 % slower on the score: '$row'" || return 1
	row=$(grep -E '^  rate +hlt2 +10 ' <<<"$out")
	grep -qE ' 0\.00 \[0\.00, 0\.00\]' <<<"$row" || fail "hlt2 is not 0 % on the score: '$row'" || return 1
	rm -rf "$root"
}

# compare's boot-level table over two --metric runs that do not share a
# boot (no boot_id in the fake tree) and where B has a mode of its own
# (hlt2): its rows are the boots' median score cost (10^9 / score here),
# and the header says so (it said "cycles/iteration"). The excluded
# records are dropped and the CRC re-sealed as above.
htest_linux_compare_boot_level_of_scores_says_score_cost() {
	local root out g modes
	root=$(linux_fake_root haltpoll) || return 1
	for g in a b; do
		modes=hlt,poll
		[ "$g" = b ] && modes=hlt,hlt2,poll
		# shellcheck disable=SC2016 # expanded by the command's sh
		"$LINUX_BIN" linux --sysfs-root="$root" --placement=other-core --modes=$modes --reps=3 --warmup=0 --seed=2 \
			--metric='^rate ([0-9.e]+) lps$' --higher-is-better --name=rate -- \
			sh -c 'if [ "$(cat "$1")" = 0 ]; then echo "rate 1000 lps"; else echo "rate 2.0e3 lps"; fi' sh \
			"$root/sys/devices/system/cpu/cpu1/cpuidle/state0/disable" >"$root/$g.csv" 2>"$root/$g.err" ||
			{ fail "run $g failed: $(tail -2 "$root/$g.err")"; return 1; }
		linux_drop_excluded "$root/$g.csv" "$root/$g-proven.csv" || return 1
	done
	out=$("$LINUX_BIN" compare --allow-different-plans "$root/a-proven.csv" -- "$root/b-proven.csv") ||
		fail "compare failed: $(sed -n 1,3p <<<"$out")" || return 1
	grep -q "boot level, A mode -> B mode: geometric mean of the boots' median score cost, B vs A %" <<<"$out" ||
		fail "the boot-level header does not name the score cost: $(grep 'boot level' <<<"$out")" || return 1
	grep -qE '^    rate poll -> poll +1000000 +1000000 ' <<<"$out" ||
		fail "poll's boot-level row is not 10^9 / 1000: $(grep -E 'rate poll' <<<"$out")" || return 1
	grep -q 'cycles/iteration' <<<"$out" && { fail "a scored compare speaks of cycles/iteration"; return 1; }
	rm -rf "$root"
}

# A real BMC: OpenIPMI's ipmi_sim (Debian openipmi) is the
# BMC of a QEMU machine, and ipmitool -I lanplus on 127.0.0.1 does what
# docs/real-hardware.md "Capture from a BMC" tells a user: power control,
# `sol activate` under `idlebench capture`. The wiring (ipmi_lan(5),
# QEMU's docs/specs/ipmi and hw/ipmi/ipmi_bmc_extern.c):
#   - QEMU's ipmi-bmc-extern talks OpenIPMI's VM protocol over a socket
#     chardev to ipmi_sim's `serial 15 ... codec VM` listener (reconnect=1: the
#     chardev retries until ipmi_sim answers), and isa-ipmi-kcs puts that BMC
#     on the KCS port 0xca2 that SMBIOS type 38 names (the bmc_* meta);
#   - ipmi_sim's `sol "tcp:..."` is the guest's COM1: a QEMU socket chardev
#     server with wait=on, so the guest starts only once the BMC is connected
#     (the first bytes of a boot are not lost) and ipmi_sim keeps reconnecting
#     across power cycles;
#   - `startcmd` is the machine: ipmi_sim runs it at power on (`startnow
#     false`: not at its own start), and a power off asks QEMU over the VM
#     channel to shut down (poweroff_wait, then SIGTERM, kill_wait, SIGKILL);
#     `chassis power cycle` is off, then on one second later
#     (lanserv/bmc_chassis.c start_poweron_timer).
# What this BMC cannot do, and where the simulated sessions remain
# (tests/fixtures/sol/, replayed by tests/unit/tools/test_cmd_capture.c):
#   - next boot: with startcmd doing power, ipmi_sim has no boot flags
#     (Set System Boot Options parameter 5 is answered only through a
#     `chassis_control` program, which then takes power control from startcmd),
#     and QEMU's VM protocol carries no boot device: qtest_ipmi_bootdev_*
#     checks what ipmitool sends reaches a BMC's program, not a firmware;
#   - SOL noise: ipmi_sim passes the serial bytes as they are, with none of a
#     real BMC's VT100 screen refreshes, cursor moves or NULs on reconnect
#     (the fixtures' resume-*.log);
#   - a session resumed with nothing lost (resume-*.log, byte-identical to
#     the clean capture): ipmi_sim keeps reading the guest's serial port while
#     no session is open and drops those bytes (the 3 runs looked at ended
#     -INCOMPLETE on a CRC-32 mismatch), so qtest_ipmi_sol_dropped_* accepts
#     a verified file or an -INCOMPLETE one, never two boots in a file;
#   - a known number of bytes lost (lost-*.log): ipmi_sim's loss depends on
#     timing.
# Ports: three on 127.0.0.1 from this shell's pid, skipping ones in use, so
# that several runs can share the machine. Files: a temporary directory,
# copied to $QTEST_LOGS/NAME.ipmi/ when a test fails (or with IPMI_KEEP=1).

IPMI_USER=idlebench
IPMI_PASS=idlebench-test

ipmi_need() {
	command -v ipmi_sim >/dev/null || skip "ipmi_sim not installed (package openipmi)" || return
	command -v ipmitool >/dev/null || skip "ipmitool not installed (package ipmitool)" || return
	command -v ss >/dev/null || skip "ss not installed (package iproute2) to find free ports" || return
	[ -r "${BUILD:-build}/idlebench.elf" ] || { echo "${BUILD:-build}/idlebench.elf missing (make kernel)" >&2; return 1; }
}

# A port nobody listens on or talks from (TCP or UDP).
ipmi_port_free() {
	! ss -Hantu | awk '{print $5}' | grep -E ":$1\$" >/dev/null
}

# Sets IPMI_LAN_PORT (UDP, the BMC's LAN), IPMI_VM_PORT (TCP, QEMU's BMC
# link) and IPMI_SOL_PORT (TCP, the guest's COM1).
ipmi_pick_ports() {
	local base try
	base=$((20000 + (BASHPID % 9000) * 4))
	for try in $(seq 0 40); do
		IPMI_LAN_PORT=$((base + try * 3))
		IPMI_VM_PORT=$((IPMI_LAN_PORT + 1))
		IPMI_SOL_PORT=$((IPMI_LAN_PORT + 2))
		[ "$IPMI_SOL_PORT" -lt 65000 ] || IPMI_LAN_PORT=$((20000 + try * 3))
		ipmi_port_free "$IPMI_LAN_PORT" && ipmi_port_free "$IPMI_VM_PORT" && ipmi_port_free "$IPMI_SOL_PORT" &&
			return 0
	done
	echo "no three free ports on 127.0.0.1 near $base" >&2
	return 1
}

# The README's client with the port this BMC listens on. -C 3 names the
# cipher suite (RAKP-HMAC-SHA1, HMAC-SHA1-96, AES-CBC-128): ipmi_sim does not
# answer Get Channel Cipher Suites, and ipmitool 1.8.19 then waits about 10 s
# on each command before it falls back to suite 3 (its SOL session never
# comes up at all).
IPMI_CLIENT="ipmitool -I lanplus -C 3 -H 127.0.0.1"
ipmi() {
	IPMI_PASSWORD=$IPMI_PASS $IPMI_CLIENT -p "$IPMI_LAN_PORT" -U "$IPMI_USER" -E "$@"
}

# ipmi_start NAME CMDLINE [QEMU_ARG ...]: a temporary directory $IPMI_DIR with
# lan.conf, the BMC's emulation commands and start.sh (the machine: the kernel
# by PVH with CMDLINE, read from $IPMI_DIR/cmdline at each start, so a test
# may change it between boots), then ipmi_sim, powered off. Each start appends
# a line to $IPMI_DIR/starts.
ipmi_start() {
	local name=$1 cmdline=$2 elf
	shift 2
	ipmi_need || return
	ipmi_pick_ports || return 1
	IPMI_NAME=$name
	IPMI_DIR=$(mktemp -d "${TMPDIR:-/tmp}/idlebench-ipmi.XXXXXX") || return 1
	elf=$(cd "$(dirname "${BUILD:-build}/idlebench.elf")" && pwd)/idlebench.elf
	# shellcheck disable=SC2034 # lib.sh's fail() shows it
	BOOT_OUT="$IPMI_DIR/capture.err"
	printf '%s\n' "$cmdline" >"$IPMI_DIR/cmdline"
	cat >"$IPMI_DIR/lan.conf" <<EOF
name "idlebench"
set_working_mc 0x20
  startlan 1
    addr 127.0.0.1 $IPMI_LAN_PORT
    priv_limit admin
    allowed_auths_callback none md2 md5 straight
    allowed_auths_user none md2 md5 straight
    allowed_auths_operator none md2 md5 straight
    allowed_auths_admin none md2 md5 straight
    guid a123456789abcdefa123456789abcdef
  endlan
  serial 15 127.0.0.1 $IPMI_VM_PORT codec VM ipmb 0x20
  startcmd "$IPMI_DIR/start.sh"
  startnow false
  poweroff_wait 5
  kill_wait 3
  sol "tcp:127.0.0.1:$IPMI_SOL_PORT" 115200
  user 2 true "$IPMI_USER" "$IPMI_PASS" admin 10 none md2 md5 straight
EOF
	# The BMC itself (OpenIPMI's lanserv/ipmisim1.emu): an MC at 0x20 with a SEL.
	cat >"$IPMI_DIR/bmc.emu" <<'EOF'
mc_setbmc 0x20
mc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f 0x1291 0xf02 persist_sdr
sel_enable 0x20 1000 0x0a
mc_enable 0x20
EOF
	# The machine as scripts/qemu-run.sh boots BOOT=pvh, COM1 and the BMC
	# wired to ipmi_sim; `timeout` bounds a machine nobody powers off.
	{
		echo '#!/bin/sh'
		echo "echo \"start \$(date +%s)\" >>'$IPMI_DIR/starts'"
		printf 'exec timeout -k 5 300 qemu-system-x86_64 -machine pc -cpu Dhyana -smp 2,sockets=1,cores=1,threads=2 -m 512M'
		printf ' -display none -monitor none -no-reboot -device isa-debug-exit,iobase=0xf4,iosize=0x04'
		printf ' -chardev socket,id=bmc,host=127.0.0.1,port=%s,reconnect=1' "$IPMI_VM_PORT"
		printf ' -device ipmi-bmc-extern,id=bmc0,chardev=bmc -device isa-ipmi-kcs,bmc=bmc0'
		printf ' -chardev socket,id=com1,host=127.0.0.1,port=%s,server=on,wait=on -serial chardev:com1' "$IPMI_SOL_PORT"
		printf ' %s' "$@"
		printf " -kernel '%s' -append \"\$(cat '%s/cmdline')\" >>'%s/qemu.log' 2>&1\n" "$elf" "$IPMI_DIR" "$IPMI_DIR"
	} >"$IPMI_DIR/start.sh"
	chmod +x "$IPMI_DIR/start.sh"
	mkdir "$IPMI_DIR/state" "$IPMI_DIR/results"
	ipmi_sim -c "$IPMI_DIR/lan.conf" -f "$IPMI_DIR/bmc.emu" -s "$IPMI_DIR/state" -n -p \
		</dev/null >"$IPMI_DIR/ipmi_sim.log" 2>&1 &
	IPMI_SIM_PID=$!
	local _
	for _ in $(seq 40); do
		kill -0 "$IPMI_SIM_PID" 2>/dev/null || break
		ipmi chassis power status >"$IPMI_DIR/status" 2>&1 && break
		sleep 0.25
	done
	grep -x 'Chassis Power is off' "$IPMI_DIR/status" >/dev/null 2>&1 && { IPMI_ATTEMPT=0; return 0; }
	# ipmi_sim gone (a port taken between the check and its bind): once
	# more on other ports.
	if ! kill -0 "$IPMI_SIM_PID" 2>/dev/null && [ "${IPMI_ATTEMPT:-0}" -lt 2 ]; then
		IPMI_ATTEMPT=$((${IPMI_ATTEMPT:-0} + 1))
		rm -rf "$IPMI_DIR"
		ipmi_start "$name" "$cmdline" "$@"
		return
	fi
	IPMI_ATTEMPT=0
	ipmi_fail "ipmi_sim did not answer power status on UDP $IPMI_LAN_PORT: $(cat "$IPMI_DIR/status")"
}

# Stop what ipmi_start and ipmi_capture started, by their pids; keep the
# files under $QTEST_LOGS when rc (the test's status) is not 0 or IPMI_KEEP=1.
# Returns rc.
ipmi_stop() {
	local rc=$1 _
	[ -n "${IPMI_DIR:-}" ] || return "$rc"
	if [ -n "${CAPTURE_PID:-}" ] && kill -0 "$CAPTURE_PID" 2>/dev/null; then
		kill "$CAPTURE_PID" 2>/dev/null
		wait "$CAPTURE_PID" 2>/dev/null
	fi
	ipmi chassis power off >/dev/null 2>&1
	for _ in $(seq 20); do
		[ "$(ipmi chassis power status 2>/dev/null)" = "Chassis Power is off" ] && break
		sleep 0.5
	done
	kill "$IPMI_SIM_PID" 2>/dev/null
	wait "$IPMI_SIM_PID" 2>/dev/null
	if [ "$rc" -ne 0 ] || [ "${IPMI_KEEP:-0}" = 1 ]; then
		rm -rf "$QTEST_LOGS/$IPMI_NAME.ipmi"
		cp -r "$IPMI_DIR" "$QTEST_LOGS/$IPMI_NAME.ipmi" 2>/dev/null
	fi
	rm -rf "$IPMI_DIR"
	IPMI_DIR='' CAPTURE_PID=
	return "$rc"
}

ipmi_fail() {
	echo "$*" >&2
	echo "--- ipmi_sim.log:" >&2
	tail -5 "$IPMI_DIR/ipmi_sim.log" >&2
	echo "--- capture ($IPMI_DIR/capture.err):" >&2
	tail -15 "$IPMI_DIR/capture.err" 2>/dev/null | tr -d '\r' >&2
	return 1
}

# Step 2 of the README: capture's source is the SOL client, in the background.
ipmi_capture() {
	IPMI_PASSWORD=$IPMI_PASS "${BUILD:-build}/host/idlebench" capture --out "$IPMI_DIR/results" \
		--reconnect 5 --reconnect-delay 2 --timeout 240 \
		"cmd:$IPMI_CLIENT -p $IPMI_LAN_PORT -U $IPMI_USER -E sol activate" \
		>"$IPMI_DIR/capture.out" 2>"$IPMI_DIR/capture.err" &
	CAPTURE_PID=$!
	# The client's session is up when the BMC counts two (it and this
	# query's). ipmitool's "[SOL Session operational" banner cannot say so:
	# its stdout is a pipe, fully buffered until the first serial bytes.
	local _ n
	for _ in $(seq 60); do
		n=$(awk -F: '/^active sessions/ && !done { print $2 + 0; done = 1 }' <<<"$(ipmi session info active 2>/dev/null)")
		[ "${n:-0}" -ge 2 ] && { sleep 1; return 0; }
		kill -0 "$CAPTURE_PID" 2>/dev/null || break
		sleep 0.5
	done
	ipmi_fail "the SOL client's session did not come up within 30 s"
}

qemu_option_error() {
	grep -E '^qemu-system-x86_64: -' "$IPMI_DIR/qemu.log" 2>/dev/null | grep -v -E ': (info|warning): ' | sed -n 1p | grep .
}

# ipmi_wait_for REGEX SECONDS: a line of capture's echo (its stderr) matches.
ipmi_wait_for() {
	local _
	for _ in $(seq $(($2 * 4))); do
		tr -d '\r' <"$IPMI_DIR/capture.err" | grep -E -- "$1" >/dev/null && return 0
		kill -0 "$CAPTURE_PID" 2>/dev/null || break
		# A machine that could not start (a port taken after the check):
		# QEMU's error on an option, not its info: or warning: lines.
		if qemu_option_error >/dev/null; then
			ipmi_fail "QEMU did not start: $(qemu_option_error)"
			return 1
		fi
		sleep 0.25
	done
	ipmi_fail "capture printed no line matching $1 within $2 s"
}

# Wait for capture to end; sets CAPTURE_RC and CAPTURE_FILES (the saved
# paths, capture's stdout lines).
ipmi_capture_end() {
	wait "$CAPTURE_PID"
	CAPTURE_RC=$?
	CAPTURE_PID=
	mapfile -t CAPTURE_FILES <"$IPMI_DIR/capture.out"
}

# ipmi_one_stream FILE: FILE holds exactly one boot (one header): two streams
# are never merged into one file.
ipmi_one_stream() {
	local n
	n=$(grep -c '^#! idlebench ' "$1")
	[ "$n" -eq 1 ] || ipmi_fail "$1 holds $n stream headers, expected 1"
}

# ipmi_verified FILE: saved as verified, and `idlebench check` agrees.
ipmi_verified() {
	local out
	case "$1" in *-INCOMPLETE.csv) ipmi_fail "$1 saved as incomplete"; return 1 ;; esac
	out=$("${BUILD:-build}/host/idlebench" check "$1" 2>&1) || ipmi_fail "idlebench check $1: $out"
}

ipmi_starts() {
	wc -l <"$IPMI_DIR/starts" 2>/dev/null || echo 0
}

# README steps 2 and 3 on a machine that is off: capture, power cycle (an off
# machine comes on), the saved file is verified, one boot, and the kernel
# names the BMC it was given: KCS at I/O port 0xca2 (QEMU's isa-ipmi-kcs
# default, hw/ipmi/isa_ipmi_kcs.c), IPMI 2.0, I2C address 0x20.
qtest_ipmi_sol_capture_after_power_cycle_is_verified() {
	ipmi_start ipmi_e2e "preset=quick workloads=lz" || return
	ipmi_e2e_body
	ipmi_stop $?
}
ipmi_e2e_body() {
	ipmi_capture || return 1
	ipmi chassis power cycle >"$IPMI_DIR/cycle.out" 2>&1 || ipmi_fail "power cycle: $(cat "$IPMI_DIR/cycle.out")" || return 1
	ipmi_wait_for '^#! idlebench ' 120 || return 1
	ipmi_capture_end
	[ "$CAPTURE_RC" -eq 0 ] || ipmi_fail "capture exit status $CAPTURE_RC" || return 1
	[ "${#CAPTURE_FILES[@]}" -eq 1 ] || ipmi_fail "capture saved ${#CAPTURE_FILES[@]} files: ${CAPTURE_FILES[*]}" || return 1
	ipmi_verified "${CAPTURE_FILES[0]}" && ipmi_one_stream "${CAPTURE_FILES[0]}" || return 1
	[ "$(ipmi_starts)" -eq 1 ] || ipmi_fail "the BMC started the machine $(ipmi_starts) times, expected 1" || return 1
	grep -x '#= bmc_ipmi=kcs' "${CAPTURE_FILES[0]}" >/dev/null &&
		grep -x '#= bmc_base=0xca2' "${CAPTURE_FILES[0]}" >/dev/null &&
		grep -x '#= bmc_base_space=io' "${CAPTURE_FILES[0]}" >/dev/null &&
		grep -x '#= bmc_ipmi_version=2.0' "${CAPTURE_FILES[0]}" >/dev/null &&
		grep -x '#= bmc_i2c_addr=0x20' "${CAPTURE_FILES[0]}" >/dev/null ||
		ipmi_fail "no bmc_ipmi=kcs bmc_base=0xca2 bmc_base_space=io bmc_ipmi_version=2.0 bmc_i2c_addr=0x20 meta in ${CAPTURE_FILES[0]}: $(grep '^#= bmc' "${CAPTURE_FILES[0]}" | tr '\n' ' ')"
}

# The SOL client dies mid-stream (killed, as a lost network or a closed
# terminal ends it): capture starts it again. ipmi_sim, like a real BMC,
# keeps the dead session's SOL payload active, so the new client is refused
# ("SOL payload already active on another session") until `sol deactivate`
# frees it; capture retries meanwhile. The one boot ends in one file:
# verified when nothing was lost in the gap, -INCOMPLETE when the BMC dropped
# bytes, never split or merged.
qtest_ipmi_sol_dropped_and_resumed_mid_stream_keeps_one_file() {
	ipmi_start ipmi_resume "preset=quick" || return
	ipmi_resume_body
	ipmi_stop $?
}
ipmi_resume_body() {
	local sh client
	ipmi_capture || return 1
	ipmi chassis power on >/dev/null 2>&1 || ipmi_fail "power on refused" || return 1
	ipmi_wait_for '^#! mode name=hlt ' 120 || return 1
	# capture runs cmd: through sh -c: the client is sh's child, or sh
	# itself where the shell execs a lone command.
	client=$(pgrep -P "$CAPTURE_PID" -x ipmitool | sed -n 1p)
	if [ -z "$client" ]; then
		sh=$(pgrep -P "$CAPTURE_PID" | sed -n 1p)
		[ -z "$sh" ] || client=$(pgrep -P "$sh" -x ipmitool | sed -n 1p)
	fi
	[ -n "$client" ] || ipmi_fail "no ipmitool under capture (pid $CAPTURE_PID)" || return 1
	kill -9 "$client"
	ipmi sol deactivate >"$IPMI_DIR/deactivate.out" 2>&1
	ipmi_capture_end
	grep -E 'restarting it in' "$IPMI_DIR/capture.err" >/dev/null || ipmi_fail "capture did not restart the client" || return 1
	[ "$(grep -c '^\[SOL Session operational' "$IPMI_DIR/capture.err")" -ge 2 ] ||
		ipmi_fail "no second SOL session" || return 1
	[ "${#CAPTURE_FILES[@]}" -eq 1 ] || ipmi_fail "capture saved ${#CAPTURE_FILES[@]} files: ${CAPTURE_FILES[*]}" || return 1
	ipmi_one_stream "${CAPTURE_FILES[0]}" || return 1
	# The resumed session's bytes are in the same file: the end record the
	# kernel wrote after the drop, and the header written before it.
	grep '^#! end rows=' "${CAPTURE_FILES[0]}" >/dev/null ||
		ipmi_fail "${CAPTURE_FILES[0]} lacks the end record sent after the resume" || return 1
	[ "$(ipmi_starts)" -eq 1 ] || ipmi_fail "the machine was started $(ipmi_starts) times, expected 1" || return 1
	case "${CAPTURE_FILES[0]}" in
	*-INCOMPLETE.csv)
		[ "$CAPTURE_RC" -eq 1 ] || ipmi_fail "an incomplete stream with capture exit status $CAPTURE_RC" || return 1
		! "${BUILD:-build}/host/idlebench" check "${CAPTURE_FILES[0]}" >/dev/null 2>&1 ||
			ipmi_fail "${CAPTURE_FILES[0]} is named incomplete but passes check"
		;;
	*)
		[ "$CAPTURE_RC" -eq 0 ] || ipmi_fail "capture exit status $CAPTURE_RC" || return 1
		ipmi_verified "${CAPTURE_FILES[0]}"
		;;
	esac
}

# A power cycle mid-run: the first boot's stream is cut (saved -INCOMPLETE),
# the second boot (another command line, to tell them apart) is whole and in a
# file of its own; the SOL session lives on across the cycle.
qtest_ipmi_power_cycle_mid_run_gives_two_files() {
	ipmi_start ipmi_cycle "preset=quick label=first" || return
	ipmi_cycle_body
	ipmi_stop $?
}
ipmi_cycle_body() {
	ipmi_capture || return 1
	ipmi chassis power on >/dev/null 2>&1 || ipmi_fail "power on refused" || return 1
	ipmi_wait_for '^#! mode name=hlt ' 120 || return 1
	echo "run=platform label=second" >"$IPMI_DIR/cmdline"
	ipmi chassis power cycle >/dev/null 2>&1 || ipmi_fail "power cycle refused" || return 1
	ipmi_capture_end
	[ "$CAPTURE_RC" -eq 0 ] || ipmi_fail "capture exit status $CAPTURE_RC (the last stream should be verified)" || return 1
	[ "${#CAPTURE_FILES[@]}" -eq 2 ] || ipmi_fail "capture saved ${#CAPTURE_FILES[@]} files: ${CAPTURE_FILES[*]}" || return 1
	[ "$(ipmi_starts)" -eq 2 ] || ipmi_fail "the machine was started $(ipmi_starts) times, expected 2" || return 1
	case "${CAPTURE_FILES[0]}" in
	*-first-*-INCOMPLETE.csv) ;;
	*) ipmi_fail "first file ${CAPTURE_FILES[0]}: expected the cut first boot, -INCOMPLETE"; return 1 ;;
	esac
	case "${CAPTURE_FILES[1]}" in
	*-second-*) ;;
	*) ipmi_fail "second file ${CAPTURE_FILES[1]}: expected the second boot"; return 1 ;;
	esac
	ipmi_one_stream "${CAPTURE_FILES[0]}" && ipmi_one_stream "${CAPTURE_FILES[1]}" &&
		ipmi_verified "${CAPTURE_FILES[1]}" || return 1
	grep -x '#= cmdline=preset=quick label=first' "${CAPTURE_FILES[0]}" >/dev/null &&
		grep -x '#= cmdline=run=platform label=second' "${CAPTURE_FILES[1]}" >/dev/null ||
		ipmi_fail "the files' command lines are not first then second"
}

# The kernel's bmc_* meta (SMBIOS type 38, DSP0134 7.39) with QEMU's own BMC
# (ipmi-bmc-sim: the same type 38 as ipmi-bmc-extern, no ipmi_sim needed)
# and without any: `none` only because the SMBIOS table was read.
qtest_ipmi_meta_names_the_kcs_bmc_smbios_describes() {
	boot_valid 0 ipmi_meta_kcs BOOT=pvh CMDLINE="run=platform" \
		QEMU_EXTRA="-device ipmi-bmc-sim,id=bmc0 -device isa-ipmi-kcs,bmc=bmc0" &&
		expect_line '^#= bmc_ipmi=kcs$' && expect_line '^#= bmc_ipmi_version=2\.0$' &&
		expect_line '^#= bmc_base=0xca2$' && expect_line '^#= bmc_base_space=io$' &&
		expect_line '^#= bmc_reg_spacing=1$' && expect_line '^#= bmc_i2c_addr=0x20$' &&
		expect_line '^#= bmc_irq=5$' && expect_line '^#  bmc: IPMI kcs 2\.0 at io 0xca2 '
}

# The UEFI application shares the path (kernel/platform/platform.c), its
# SMBIOS found through the EFI configuration table under OVMF.
qtest_ipmi_meta_from_the_uefi_app() {
	local img="$QTEST_LOGS/ipmi_meta_efi.img"
	scripts/make-efi-img.sh "${BUILD:-build}/idlebench.efi" "run=platform" "$img" >/dev/null || return 1
	boot_valid 0 ipmi_meta_efi BOOT=efi EFI_IMG="$img" \
		QEMU_EXTRA="-device ipmi-bmc-sim,id=bmc0 -device isa-ipmi-kcs,bmc=bmc0" &&
		expect_line '^#= boot=efi$' && expect_line '^#= bmc_ipmi=kcs$' &&
		expect_line '^#= bmc_base=0xca2$' && expect_line '^#= bmc_base_space=io$'
}

qtest_ipmi_meta_none_without_a_bmc() {
	boot_valid 0 ipmi_meta_none BOOT=pvh CMDLINE="run=platform" &&
		expect_line '^#= smbios_version=[0-9]' && expect_line '^#= bmc_ipmi=none$' &&
		expect_line '^#= bmc_base=$' && expect_line '^#= bmc_irq=$' &&
		expect_line '^#  bmc: none \(no SMBIOS type 38\)$'
}

# README step 1 (next boot). A BMC with startcmd power control refuses Set
# System Boot Options parameter 5 (lanserv/bmc_chassis.c answers it only
# through a `chassis_control` program); QEMU's VM protocol has no boot
# device either. What a BMC with such a program receives is checked here, with
# no machine: ipmitool's `bootdev pxe` arrives as "pxe", `bootdev disk` as
# "default" (boot device selector 1h and 2h, IPMI 2.0 table 28-14), and
# `bootparam get 5` reads the choice back.
qtest_ipmi_bootdev_reaches_the_bmc() {
	ipmi_start ipmi_bootdev "run=platform" || return
	ipmi_bootdev_body
	ipmi_stop $?
}
ipmi_bootdev_body() {
	local out
	# ipmitool 1.8.19 exits 0 when the BMC refuses (ipmi_chassis.c returns
	# success after printing the failure): its words are the evidence.
	out=$(ipmi chassis bootdev pxe 2>&1)
	grep 'Set Chassis Boot Parameter 5 failed: Invalid data field in request' <<<"$out" >/dev/null ||
		ipmi_fail "bootdev pxe on the startcmd BMC, expected a refusal: $out" || return 1
	# The same BMC with a chassis_control program in place of startcmd.
	kill "$IPMI_SIM_PID" 2>/dev/null
	wait "$IPMI_SIM_PID" 2>/dev/null
	cat >"$IPMI_DIR/chassis.sh" <<CHASSIS
#!/bin/sh
# ipmi_sim's extcmd protocol (lanserv/extcmd.c): PROG get NAME... prints
# NAME:VALUE lines; PROG set NAME "VALUE"... stores them.
d='$IPMI_DIR'
while [ \$# -gt 0 ] && [ "\$1" != get ] && [ "\$1" != set ]; do shift; done
op=\$1; shift
echo "\$op \$*" >>"\$d/chassis.log"
if [ "\$op" = set ]; then
	while [ \$# -ge 2 ]; do echo "\$2" >"\$d/chassis.\$1"; shift 2; done
else
	# boot is a name of lanserv's boot_map (none pxe default cdrom bios)
	for n in "\$@"; do
		v=\$(cat "\$d/chassis.\$n" 2>/dev/null) || { [ "\$n" = boot ] && v=none || v=0; }
		echo "\$n:\$v"
	done
fi
CHASSIS
	chmod +x "$IPMI_DIR/chassis.sh"
	sed -e '/^  startcmd /d' -e '/^  startnow /d' -e '/^  sol /d' \
		-e "s|^  serial 15 .*|  chassis_control \"$IPMI_DIR/chassis.sh\"|" \
		"$IPMI_DIR/lan.conf" >"$IPMI_DIR/lan-chassis.conf"
	ipmi_sim -c "$IPMI_DIR/lan-chassis.conf" -f "$IPMI_DIR/bmc.emu" -s "$IPMI_DIR/state" -n -p \
		</dev/null >"$IPMI_DIR/ipmi_sim.log" 2>&1 &
	IPMI_SIM_PID=$!
	local _
	for _ in $(seq 40); do
		ipmi chassis power status >"$IPMI_DIR/status" 2>&1 && break
		sleep 0.25
	done
	out=$(ipmi chassis bootdev pxe 2>&1)
	! grep -i 'failed' <<<"$out" >/dev/null || ipmi_fail "bootdev pxe: $out" || return 1
	[ "$(cat "$IPMI_DIR/chassis.boot" 2>/dev/null)" = pxe ] ||
		ipmi_fail "the BMC's program got boot '$(cat "$IPMI_DIR/chassis.boot" 2>/dev/null)', expected pxe" || return 1
	out=$(ipmi chassis bootparam get 5 2>&1)
	grep -i 'Force PXE' <<<"$out" >/dev/null || ipmi_fail "bootparam get 5 after bootdev pxe: $out" || return 1
	out=$(ipmi chassis bootdev disk 2>&1)
	! grep -i 'failed' <<<"$out" >/dev/null || ipmi_fail "bootdev disk: $out" || return 1
	[ "$(cat "$IPMI_DIR/chassis.boot" 2>/dev/null)" = default ] ||
		ipmi_fail "the BMC's program got boot '$(cat "$IPMI_DIR/chassis.boot" 2>/dev/null)', expected default (disk)"
}

#!/usr/bin/env bash
# Boot the kernel in Bochs (a second x86 implementation beside QEMU) from a
# one-entry GRUB image carrying CMDLINE; the serial console (the result
# stream) goes to stdout once the run is over. Environment:
#   BOCHS_CPU    CPU model (`bochs --help cpu`; default corei7_skylake_x)
#   BOCHS_COUNT  sockets:cores:threads (default 1:1:2 = one core, SMT2)
#   BOCHS_IPS    emulated instructions per second (default 50000000); the
#                virtual TSC and every timer follow it, so runs are
#                deterministic and wall-clock speed does not matter
#   CMDLINE  BUILD (default build)  BOCHS_TIMEOUT (seconds, default 300)
#   BOCHS_KEEP   directory to keep bochsrc, log and serial file in (default: a temp dir)
# Bochs has no isa-debug-exit: the kernel ends with exit=halt, and this
# script stops Bochs once the serial file holds the end record.
# Exit status: 0 when the stream ended status=ok, 1 when it ended
# status=error, 124 on timeout, 125 when Bochs stopped without an end record.
set -uo pipefail
BUILD=${BUILD:-build}
BOCHS_CPU=${BOCHS_CPU:-corei7_skylake_x}
BOCHS_COUNT=${BOCHS_COUNT:-1:1:2}
BOCHS_IPS=${BOCHS_IPS:-50000000}
BOCHS_TIMEOUT=${BOCHS_TIMEOUT:-300}
CMDLINE=${CMDLINE:-}
here=$(cd "$(dirname "$0")" && pwd)

command -v bochs >/dev/null || { echo "bochs-run: no bochs (scripts/install-deps.sh installs it)" >&2; exit 2; }
bios=/usr/share/bochs/BIOS-bochs-latest
vgabios=/usr/share/vgabios/vgabios.bin
for f in "$bios" "$vgabios"; do
	[ -r "$f" ] || { echo "bochs-run: $f missing (packages bochsbios, vgabios)" >&2; exit 2; }
done
iso=$("$here/run-iso.sh" "$BUILD" "exit=halt $CMDLINE") || exit 1
iso=$(cd "$(dirname "$iso")" && pwd)/$(basename "$iso")

if [ -n "${BOCHS_KEEP:-}" ]; then
	work=$BOCHS_KEEP
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
serial="$work/serial.txt"
: >"$serial"
# The debugger build stops at the first instruction: `c` continues.
echo c >"$work/rc"
# rfb with timeout=0 runs without waiting for a VNC client: headless (the
# only display library Debian's bochs package has besides wx). Bochs 2.7's rfb
# takes no port option: it binds the first free port of 5900-5949 with
# SO_REUSEADDR, so two Bochs starting at once can both bind one port, and the
# one whose listen() then fails gives up on every port ("RFB could not bind
# any port between 5900 and 5949") and exits: seen in make test with two
# Bochs tests at a time, and in 4 of 64 paired starts here (0 of 64 with the
# turn). Starts are therefore serialized below: one Bochs at a time until it
# listens.
cat >"$work/bochsrc" <<EOF
megs: 512
cpu: model=$BOCHS_CPU, count=$BOCHS_COUNT, ips=$BOCHS_IPS, reset_on_triple_fault=0
romimage: file=$bios
vgaromimage: file=$vgabios
ata0: enabled=1, ioaddr1=0x1f0, ioaddr2=0x3f0, irq=14
ata0-master: type=cdrom, path="$iso", status=inserted
boot: cdrom
display_library: rfb, options="timeout=0"
com1: enabled=1, mode=file, dev=$serial
log: $work/bochs.log
panic: action=fatal
error: action=report
info: action=ignore
sound: waveoutdrv=dummy
debug: action=ignore
EOF

# listening PID: true once process PID has a listening TCP socket (a socket
# inode of its fds in state 0A of /proc/net/tcp or tcp6).
listening() {
	local fd ino
	for fd in /proc/"$1"/fd/*; do
		ino=$(readlink "$fd" 2>/dev/null) || continue
		case $ino in socket:\[*\]) ;; *) continue ;; esac
		ino=${ino//[^0-9]/}
		awk -v ino="$ino" '$4 == "0A" && $10 == ino { found = 1 } END { exit !found }' \
			/proc/net/tcp /proc/net/tcp6 2>/dev/null && return 0
	done
	return 1
}
# The lock is one file for every user (the ports are the machine's), left
# writable by all; where it cannot be opened or flock is missing, Bochs
# starts without a turn and this says so.
lock=${TMPDIR:-/tmp}/idlebench-bochs-rfb.lock
turn=0
if ! command -v flock >/dev/null; then
	echo "bochs-run: no flock (package util-linux): starting without a turn" >&2
elif ! { exec 9>>"$lock"; } 2>/dev/null; then
	echo "bochs-run: cannot open $lock: starting without a turn" >&2
else
	chmod 0666 "$lock" 2>/dev/null
	turn=1
	flock -w 60 9 || echo "bochs-run: no turn at $lock after 60 s; starting anyway" >&2
fi
bochs -q -f "$work/bochsrc" -rc "$work/rc" </dev/null >"$work/stdout" 2>&1 9>&- &
pid=$!
if [ $turn = 1 ]; then
	# Hold the turn until Bochs listens, stops, or 20 s have passed.
	turn_end=$((SECONDS + 20))
	while [ $SECONDS -lt $turn_end ] && kill -0 "$pid" 2>/dev/null && ! listening "$pid"; do
		sleep 0.1
	done
	exec 9>&-
fi
status=124
deadline=$((SECONDS + BOCHS_TIMEOUT))
# The serial file fills a byte at a time: wait for the whole end record (its
# CRC's 8 hex digits), never stop on a half-written one.
end_ok='^#! end rows=[0-9]+ status=ok crc32=[0-9a-f]{8}'
end_any='^#! end rows=[0-9]+ status=[a-z]+ crc32=[0-9a-f]{8}'
while [ $SECONDS -lt $deadline ]; do
	if grep -aE "$end_any" "$serial" >/dev/null; then
		status=1
		grep -aE "$end_ok" "$serial" >/dev/null && status=0
		sleep 0.5 # the newline and anything the kernel prints after it
		break
	fi
	if ! kill -0 "$pid" 2>/dev/null; then
		status=125
		break
	fi
	sleep 0.5
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
cat "$serial"
case $status in
124) echo "bochs-run: no end of run after ${BOCHS_TIMEOUT}s" >&2 ;;
125)
	echo "bochs-run: bochs stopped without an end record; its last words:" >&2
	tail -n 5 "$work/stdout" "$work/bochs.log" >&2
	;;
esac
exit $status

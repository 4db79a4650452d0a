#!/usr/bin/env bash
# linux-guest.sh BUILD RESULTS_DIR: what `make linux-guest LINUX_ARGS='…'`
# does after building the host CLI. Boots Debian's kernel (linux-image-amd64,
# unpacked by scripts/install-deps.sh) under QEMU TCG with the test _CST of
# tests/qemu/acpi/cst-c2-0x414-3cpus.asl on 3 vCPUs (cpu0 and cpu1 SMT
# siblings, cpu2 on another core: every placement runs), so Linux's
# acpi_idle offers state0 POLL, state1 C1 "ACPI HLT" and state2 C2 "ACPI
# IOPORT 0x414" on each; runs
# `idlebench linux $LINUX_ARGS` in it as root, prints the stream and saves it
# under RESULTS_DIR through `idlebench capture` (as `make run` does). No root
# and no cpuidle driver needed on this machine.
#
# The initramfs: busybox-static (its applets on PATH), this build's
# idlebench, Debian's own xz and gzip with their libraries (/usr/bin, first on
# PATH), and /data/in.bin (the first MiB of the busybox binary: a fixed
# input), e.g. LINUX_ARGS='--placement=other-core --modes=poll,hlt -- xz -9 -c /data/in.bin'.
#
# LINUX_ARGS is split into words by xargs's quoting rules (docs/linux-mode.md:
# quotes and backslashes, no expansion; a backslash inside quotes is kept). Exit: idlebench's own status in the guest (2: its usage error,
# which is checked on this machine before booting); 1 the guest did not
# finish (LINUX_GUEST_TIMEOUT seconds, default 900) or no stream came back;
# 77 this machine cannot boot the guest (the reason on stderr).
#
# tests/qemu/test_linux_guest.sh boots the same guest, once, for its runs:
#   LINUX_ARGS='...' linux-guest.sh --run-script FILE --work DIR BUILD RESULTS_DIR
# FILE is sourced by the guest's /init after the LINUX_ARGS run (none when
# LINUX_ARGS is empty), its output on the second serial port, all of it
# left in DIR/out; it must end with `echo "=== done"`. Without LINUX_ARGS
# the exit is 0 when the guest got there.
set -uo pipefail

run_script='' work=''
while [ $# -gt 0 ]; do
	case $1 in
	--run-script) run_script=$2; shift 2 ;;
	--work) work=$2; shift 2 ;;
	*) break ;;
	esac
done
build=${1:?usage: linux-guest.sh [--run-script FILE --work DIR] BUILD [RESULTS_DIR]}
results=${2:-results}
cli="$build/host/idlebench"
timeout_s=${LINUX_GUEST_TIMEOUT:-900}
work=${work:-$build/linux-guest}

cannot() {
	echo "linux-guest: $*" >&2
	exit 77
}
die() {
	echo "linux-guest: $*" >&2
	exit 1
}

[ -x "$cli" ] || die "no $cli (make host)"
case $timeout_s in '' | *[!0-9]* | 0) die "LINUX_GUEST_TIMEOUT must be whole seconds above 0 (got '$timeout_s')" ;; esac

# The user's words, checked by the CLI itself on this machine before a boot
# is spent: a usage error exits 2 before any sysfs is read, and an empty
# --sysfs-root makes a well-formed line stop at the topology (exit 1).
args=()
if [ -z "$run_script" ] || [ -n "${LINUX_ARGS:-}" ]; then
	if [ -n "${LINUX_ARGS:-}" ]; then
		words=$(printf '%s' "$LINUX_ARGS" | xargs -r printf '%s\0' 2>&1 >/dev/null) ||
			{ echo "linux-guest: LINUX_ARGS cannot be split into words: ${words#xargs: }" >&2; exit 2; }
		mapfile -d '' args < <(printf '%s' "$LINUX_ARGS" | xargs -r printf '%s\0')
	fi
	for a in "${args[@]}"; do
		[ "$a" = -- ] && break
		case $a in
		--out | --out=* | --out-dir | --out-dir=* | --sysfs-root | --sysfs-root=* | --restore | --list)
			echo "linux-guest: $a is not for LINUX_ARGS: the guest's stream is saved under RESULTS_DIR (here $results); --list and --restore have no run to show" >&2
			exit 2 ;;
		esac
	done
	empty=$(mktemp -d)
	err=$("$cli" linux --sysfs-root="$empty" "${args[@]}" 2>&1 >/dev/null)
	rc=$?
	rmdir "$empty"
	# 0: --help (printed while parsing, before any sysfs is read)
	[ $rc = 0 ] && exec "$cli" linux "${args[@]}"
	[ $rc = 2 ] && { printf '%s\n' "$err" >&2; exit 2; }
fi

kdir=${IDLEBENCH_GUEST_KERNEL_DIR:-/var/cache/idlebench/guest-kernel}
vmlinuz=$(ls "$kdir"/boot/vmlinuz-*-amd64 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -n 1)
[ -n "$vmlinuz" ] || cannot "no Debian kernel in $kdir/boot or /boot (scripts/install-deps.sh unpacks linux-image-amd64's)"
busybox=$(command -v busybox) && ! ldd "$busybox" >/dev/null 2>&1 ||
	cannot "no static busybox (package busybox-static, scripts/install-deps.sh)"
command -v iasl >/dev/null || cannot "no iasl (package acpica-tools)"
command -v qemu-system-x86_64 >/dev/null || cannot "no qemu-system-x86_64 (package qemu-system-x86)"

# Copy a dynamically linked program and every library ldd names into the root.
copy_with_libs() {
	local prog=$1 dest=$2 lib
	cp -L "$prog" "$root$dest" || return 1
	for lib in $(ldd "$prog" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib" || return 1
	done
}

root="$work/root"
rm -rf "$work" && mkdir -p "$root"/{bin,usr/bin,proc,sys,dev,tmp,run,data} || die "cannot make $work"
cp "$busybox" "$root/bin/busybox" || die "cannot copy $busybox"
copy_with_libs "$cli" /bin/idlebench || die "cannot copy $cli and its libraries"
for prog in xz gzip; do
	path=$(command -v $prog) || continue # busybox's applet stands in
	copy_with_libs "$path" /usr/bin/$prog || die "cannot copy $path and its libraries"
done
head -c 1048576 "$busybox" >"$root/data/in.bin"
# C2 starts disabled on every vCPU: TCG answers the C2 port read at once,
# so acpi_idle leaves C2 and enters it again in a loop and an idle vCPU in
# C2 takes a host core (the measured CPU between samples, the CPUs a
# placement leaves alone): the guest test took 2x as long with its third
# vCPU so. A run still enables C2 on the parked CPUs for mode ioport, and
# puts this back after.
cat >"$root/init" <<'EOF' && chmod +x "$root/init" || die "cannot write the guest's /init"
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/usr/bin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for d in /sys/devices/system/cpu/cpu*/cpuidle/state*; do
	case $(cat $d/desc) in "ACPI IOPORT"*) echo 1 >$d/disable ;; esac
done
. /run.sh >/dev/ttyS1 2>&1
poweroff -f
EOF
# The LINUX_ARGS run (section U: the stream, then idlebench's status and
# stderr and whether every cpuidle value is back), then the tests' runs.
: >"$root/run.sh"
if [ -z "$run_script" ] || [ -n "${LINUX_ARGS:-}" ]; then
	quoted='' # each word single-quoted for the guest's sh ('\'' for a quote inside)
	for a in "${args[@]}"; do
		quoted+=" '${a//\'/\'\\\'\'}'"
	done
	cat >"$root/run.sh" <<EOF
values() {
	for f in /sys/devices/system/cpu/cpu*/online /sys/devices/system/cpu/cpu*/cpuidle/state*/disable \\
		/sys/devices/system/cpu/cpu*/power/pm_qos_resume_latency_us /sys/devices/system/cpu/cpuidle/current_governor; do
		[ -e \$f ] && echo "\$f \$(cat \$f)"
	done
}
values >/tmp/U.before
echo "=== stream U"
/bin/idlebench linux --out=/tmp/U.csv$quoted 2>/tmp/U.err
echo "rc=\$?" >/tmp/U.rc
cat /tmp/U.csv
echo "=== info U"
cat /tmp/U.rc /tmp/U.err
values | cmp -s /tmp/U.before - && echo "values: same" || echo "values: differ"
EOF
fi
if [ -n "$run_script" ]; then
	cat "$run_script" >>"$root/run.sh" || die "cannot copy $run_script"
else
	echo 'echo "=== done"' >>"$root/run.sh"
fi
(cd "$root" && find . | "$busybox" cpio -o -H newc 2>/dev/null) | gzip -1 >"$work/initrd.gz" || die "cannot pack the initramfs"
iasl -p "$work/cst" tests/qemu/acpi/cst-c2-0x414-3cpus.asl >"$work/iasl.log" 2>&1 || die "iasl: $(cat "$work/iasl.log")"

out="$work/out"
[ -n "$run_script" ] || echo "linux-guest: booting $(basename "$vmlinuz") under QEMU TCG (3 vCPUs; at most ${timeout_s} s)" >&2
start=$(date +%s)
timeout -k 5 "$timeout_s" qemu-system-x86_64 -M q35 -accel tcg,thread=multi -cpu max,vendor=GenuineIntel,-monitor -smp 3,sockets=1,cores=2,threads=2,maxcpus=4 -m 512 -kernel "$vmlinuz" \
	-initrd "$work/initrd.gz" -append "console=ttyS0 quiet panic=-1" -acpitable file="$work/cst.aml" \
	-display none -serial file:"$work/console.log" -serial file:"$out" -no-reboot
qrc=$?
[ $qrc = 124 ] && die "the guest did not finish in ${timeout_s} s (LINUX_GUEST_TIMEOUT); console: $(tail -5 "$work/console.log")"
[ $qrc = 0 ] || die "QEMU failed (exit $qrc); console: $(tail -5 "$work/console.log")"
grep -q '^=== done' "$out" || die "the guest did not finish; console: $(tail -5 "$work/console.log")"
[ -n "$run_script" ] && [ -z "${LINUX_ARGS:-}" ] && exit 0

# The part of the guest's output between "=== WHAT U" and the next "===".
part() {
	tr -d '\r' <"$out" | awk -v want="=== $1 U" '$0 == want {on=1; next} /^===/ {on=0} on'
}
part stream >"$work/stream.csv"
info=$(part info)
guest_rc=$(sed -n 's/^rc=//p' <<<"$info")
cat "$work/stream.csv"
sed '1d;/^values: /d' <<<"$info" | sed 's/^/guest: /' >&2
echo "linux-guest: the guest ran for $(($(date +%s) - start)) s" >&2
grep -q '^#! idlebench' "$work/stream.csv" || die "no stream came back (idlebench exit status ${guest_rc:-unknown})"
capture_rc=0
saved=$("$cli" capture --quiet --out "$results" "$work/stream.csv") || capture_rc=$?
file=$(printf '%s\n' "$saved" | tail -1)
echo
[ -f "$file" ] && echo "result: $file"
# An unverified or cut-off stream (saved as -INCOMPLETE, capture exit 1) is
# no result, whatever the guest's own exit status was.
if [ "$capture_rc" -ne 0 ]; then
	echo "linux-guest: capture exit status $capture_rc: the stream is not a verified result${file:+ (kept as $file)}" >&2
	guest_rc=1
fi
if grep -q '^values: same$' <<<"$info"; then
	echo "every cpuidle, QoS and online value in the guest was as before the run"
else
	echo "linux-guest: the guest's cpuidle values differ after the run (idlebench linux --restore?)" >&2
	guest_rc=1
fi
echo "note: QEMU TCG does not model SMT resource sharing or real idle states; this run tests the pipeline, not the hardware."
exit "${guest_rc:-1}"

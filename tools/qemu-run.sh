#!/usr/bin/env bash
# Boot the kernel in QEMU as `make run` does; the serial console (the result
# stream) goes to stdout. Environment (make variables):
#   BOOT=pvh|bios|uefi  QEMU_CPU  SMP  CMDLINE  QEMU_EXTRA  BUILD (default build)
#   QEMU_TIMEOUT (seconds, default 600)  QEMU_BIN (default qemu-system-x86_64)
# Exit status: 0 when the stream ended status=ok (QEMU exit 33), 1 when it
# ended status=error (35), 124 on timeout, else QEMU's own status.
set -uo pipefail
BUILD=${BUILD:-build}
BOOT=${BOOT:-bios}
QEMU_CPU=${QEMU_CPU:-Dhyana}
SMP=${SMP:-2,sockets=1,cores=1,threads=2}
CMDLINE=${CMDLINE:-}
QEMU_EXTRA=${QEMU_EXTRA:-}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-600}
here=$(cd "$(dirname "$0")" && pwd)

args=(-machine pc -cpu "$QEMU_CPU" -smp "$SMP" -m 512M
      -display none -serial stdio -monitor none -no-reboot
      -device isa-debug-exit,iobase=0xf4,iosize=0x04)

case "$BOOT" in
pvh)
	args+=(-kernel "$BUILD/idlebench.elf" -append "$CMDLINE")
	;;
bios|uefi)
	# A one-entry image with timeout 0 carries CMDLINE through GRUB.
	iso=$("$here/run-iso.sh" "$BUILD" "$CMDLINE") || exit 1
	args+=(-cdrom "$iso" -boot d)
	if [ "$BOOT" = uefi ]; then
		fw=/usr/share/ovmf/OVMF.fd
		[ -r "$fw" ] || { echo "qemu-run: $fw missing (package ovmf)" >&2; exit 1; }
		args+=(-bios "$fw")
	fi
	;;
*)
	echo "qemu-run: BOOT must be pvh, bios or uefi (got '$BOOT')" >&2
	exit 2
	;;
esac

# shellcheck disable=SC2086 # QEMU_EXTRA is a list of arguments
timeout --foreground -k 5 "$QEMU_TIMEOUT" "${QEMU_BIN:-qemu-system-x86_64}" "${args[@]}" $QEMU_EXTRA </dev/null
rc=$?
case $rc in
33) exit 0 ;;
35) exit 1 ;;
124) echo "qemu-run: no end of run after ${QEMU_TIMEOUT}s" >&2; exit 124 ;;
*) exit $rc ;;
esac

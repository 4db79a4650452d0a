#!/usr/bin/env bash
# make-run.sh BUILD RESULTS_DIR: what `make run` does after building. Boots
# QEMU through `idlebench capture` (stream shown live, saved and verified),
# prints `idlebench report` with a PNG chart beside the CSV, the paths, and the
# caveat about QEMU. Exit status: capture's (0 only when the stream ended ok).
set -uo pipefail
build=$1 results=$2
cli="$build/host/idlebench"

if [ "${BOOT:-}" = efi ]; then
	# idlebench.efi writes its results to the FAT image it booted from, as it
	# does to a USB stick: show serial live, then copy the new file out with
	# mtools and have capture verify and save it like any other stream.
	img=${EFI_IMG:-$build/efi-run.img}
	BUILD=$build scripts/qemu-run.sh | tr -d '\r'
	qrc=${PIPESTATUS[0]}
	name=$(mdir -b -i "$img" ::/idlebench/results 2>/dev/null | grep -i '\.csv$' | sort | tail -1)
	if [ -z "$name" ]; then
		echo "make run: idlebench.efi left no result file in $img (QEMU exit status $qrc)" >&2
		exit 1
	fi
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	mcopy -n -i "$img" "$name" "$tmp/" || exit 1
	echo "copied ${name#::} out of $img"
	saved=$("$cli" capture --quiet --require-ok --out "$results" "$tmp/$(basename "$name")")
	rc=$?
else
	# BOOT=usb boots a copy of the stick image: the app saves its result on
	# the stick it booted from, and a result file left in
	# build/idlebench-usb.img would ship in the next `dd` and fail the
	# image's own test (its results folder must be empty). The stream is
	# captured from serial as for every other BOOT.
	if [ "${BOOT:-}" = usb ] && [ -z "${USB_IMG:-}" ]; then
		cp --sparse=always "$build/idlebench-usb.img" "$build/usb-run.img" || exit 1
		export USB_IMG=$build/usb-run.img
	fi
	# --reconnect 0: QEMU that exits has ended; starting it again would boot anew.
	saved=$("$cli" capture --require-ok --reconnect 0 --out "$results" "cmd:BUILD=$build scripts/qemu-run.sh")
	rc=$?
fi
file=$(printf '%s\n' "$saved" | tail -1)
if [ -f "$file" ] && grep -q '^[0-9]' "$file"; then
	echo
	"$cli" report --png "${file%.csv}.png" "$file" || true
fi
echo
[ -f "$file" ] && echo "result: $file"
[ -f "${file%.csv}.png" ] && echo "chart:  ${file%.csv}.png"
echo "note: QEMU TCG does not model SMT resource sharing; these numbers test the pipeline, not the hardware."
[ -f "$file" ] && printf '%s\n' "$file" # last line: the saved stream, for scripts
exit $rc

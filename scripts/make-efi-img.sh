#!/usr/bin/env bash
# A FAT disk image (no partition table: OVMF boots a "superfloppy") holding
# idlebench.efi as \EFI\BOOT\BOOTX64.EFI and the command line in
# \idlebench\cmdline.txt, for `make run BOOT=efi` and the QEMU tests.
# Usage: make-efi-img.sh APP.efi "CMDLINE" OUT.img   (EFI_IMG_KB: size, default 16384)
# Built with mtools: no root, no loop devices, no mounting.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 APP.efi CMDLINE OUT.img" >&2; exit 2; }
app=$1 cmdline=$2 out=$3
kb=${EFI_IMG_KB:-16384}
for t in mformat mmd mcopy; do
	command -v "$t" >/dev/null || { echo "make-efi-img: $t missing (package mtools)" >&2; exit 1; }
done
[ -r "$app" ] || { echo "make-efi-img: $app missing (make efi)" >&2; exit 1; }

rm -f "$out"
truncate -s "${kb}K" "$out"
# 512-byte sectors; mformat picks FAT12/16 from the size.
mformat -i "$out" -T $((kb * 2)) -h 64 -s 32 -H 0 -v IDLEBENCH ::
mmd -i "$out" ::/EFI ::/EFI/BOOT ::/idlebench ::/idlebench/results
mcopy -i "$out" "$app" ::/EFI/BOOT/BOOTX64.EFI
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '# idlebench options (see docs/options.md); one or more per line\n%s\n' "$cmdline" >"$tmp"
mcopy -i "$out" "$tmp" ::/idlebench/cmdline.txt

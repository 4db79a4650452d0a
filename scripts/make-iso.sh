#!/usr/bin/env bash
# make-iso.sh KERNEL.elf GRUB.cfg OUT.iso
# Builds a hybrid BIOS+UEFI image with grub-mkrescue (El Torito for CDs, an
# MBR/GPT for `dd` to a USB stick), with only the GRUB modules the menu uses.
set -euo pipefail
kernel=$1 cfg=$2 out=$3
stage=$(mktemp -d)
# The log lives outside the tree grub-mkrescue puts on the image: inside it,
# xorriso packed the growing log too and failed now and then ("Size of file
# ... has changed", MISHAP) under load.
log=$(mktemp)
trap 'rm -rf "$stage" "$log"' EXIT
mkdir -p "$stage/boot/grub"
cp "$kernel" "$stage/boot/idlebench.elf"
cp "$cfg" "$stage/boot/grub/grub.cfg"
# Reproducible (SOURCE_DATE_EPOCH set, as the Makefile does): every file in
# the image dated SOURCE_DATE_EPOCH (--set_all_file_dates; the volume dates
# and GPT GUIDs follow the variable itself, man xorrisofs). GRUB 2.06's
# grub-mkrescue takes the ISO's UUID, which its core images search for
# (`search --fs-uuid`), from time(), and its mformat takes efi.img's volume
# serial from the clock; neither reads the variable, so grub-mkrescue runs
# under faketime with the clock stopped at SOURCE_DATE_EPOCH (monotonic
# clocks left alone).
frozen=()
dates=()
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
	[[ $SOURCE_DATE_EPOCH =~ ^[0-9]+$ ]] || { echo "make-iso: SOURCE_DATE_EPOCH must be seconds since 1970 (got '$SOURCE_DATE_EPOCH')" >&2; exit 1; }
	command -v faketime >/dev/null 2>&1 ||
		{ echo "make-iso: 'faketime' not found (Debian package faketime; scripts/install-deps.sh installs it)" >&2; exit 1; }
	frozen=(env TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')")
	dates=(--set_all_file_dates "$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y%m%d%H%M%S00')")
fi
"${frozen[@]}" grub-mkrescue --output="$out" \
	--install-modules="multiboot2 normal serial terminal configfile echo test boot all_video" \
	--locales= --fonts= --themes= --compress=xz \
	"${dates[@]}" "$stage" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }

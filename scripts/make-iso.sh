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
grub-mkrescue --output="$out" \
	--install-modules="multiboot2 normal serial terminal configfile echo test boot all_video" \
	--locales= --fonts= --themes= --compress=xz \
	"$stage" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }

#!/usr/bin/env bash
# make-netboot.sh KERNEL.elf APP.efi GRUB.cfg OUTDIR
# A directory to serve as the root of a TFTP (or HTTP) server:
#   idlebench.efi              the UEFI app: PXE boot file, or `chain idlebench.efi OPTIONS` from iPXE
#   idlebench/cmdline.txt      options for the app when it is the PXE boot file itself (read over TFTP)
#   idlebench.ipxe             iPXE script: UEFI -> the app, BIOS -> GRUB
#   boot/idlebench.elf         the multiboot2 kernel
#   boot/grub/grub.cfg         the ISO's menu, unchanged (same paths: /boot/idlebench.elf)
#   boot/grub/i386-pc/core.0   GRUB for BIOS PXE (grub-mknetdir), and its modules
#   boot/grub/x86_64-efi/core.efi  GRUB for UEFI PXE, and its modules
# The directory is built beside OUTDIR and moved into place whole.
set -euo pipefail
usage() { echo "usage: $0 KERNEL.elf APP.efi GRUB.cfg OUTDIR" >&2; exit 2; }
[ $# -eq 4 ] || usage
kernel=$1 app=$2 cfg=$3 out=$4
grub_lib=${GRUB_LIB:-/usr/lib/grub}
die() { echo "make-netboot: $*" >&2; exit 1; }

command -v grub-mknetdir >/dev/null 2>&1 || die "grub-mknetdir not found (Debian package grub-common)"
[ -r "$grub_lib/i386-pc/pxeboot.img" ] || die "$grub_lib/i386-pc missing (Debian package grub-pc-bin)"
[ -r "$grub_lib/x86_64-efi/moddep.lst" ] || die "$grub_lib/x86_64-efi missing (Debian package grub-efi-amd64-bin)"
for f in "$kernel" "$app" "$cfg"; do
	[ -r "$f" ] || die "input file $f missing"
done

tmp="$out.tmp"
rm -rf "$tmp"
mkdir -p "$tmp/boot/grub" "$tmp/idlebench"
trap 'rm -rf "$tmp"' EXIT
cp "$kernel" "$tmp/boot/idlebench.elf"
cp "$cfg" "$tmp/boot/grub/grub.cfg"
cp "$app" "$tmp/idlebench.efi"

# One core image per platform (pxe + tftp for BIOS, efinet + tftp for UEFI,
# built in by grub-mknetdir), and the modules the menu loads on demand over
# TFTP: the ISO's list (scripts/make-iso.sh).
log="$tmp/mknetdir.log"
grub-mknetdir --net-directory="$tmp" --subdir=boot/grub \
	--install-modules="multiboot2 normal serial terminal configfile echo test boot all_video" \
	--locales= --fonts= --themes= -d "$grub_lib/i386-pc" >"$log" 2>&1 || { cat "$log" >&2; die "grub-mknetdir (i386-pc) failed"; }
grub-mknetdir --net-directory="$tmp" --subdir=boot/grub \
	--install-modules="multiboot2 normal serial terminal configfile echo test boot all_video" \
	--locales= --fonts= --themes= -d "$grub_lib/x86_64-efi" >"$log" 2>&1 || { cat "$log" >&2; die "grub-mknetdir (x86_64-efi) failed"; }
rm -f "$log"
if ! [ -r "$tmp/boot/grub/i386-pc/core.0" ] || ! [ -r "$tmp/boot/grub/x86_64-efi/core.efi" ]; then
	die "grub-mknetdir left no core.0 / core.efi"
fi

cat >"$tmp/idlebench/cmdline.txt" <<'CFG'
# Options for idlebench.efi when the firmware's PXE boot loads it directly
# (no load options): the app reads this file over TFTP from beside its boot
# file. key=value words separated by blanks or line breaks; '#' starts a
# comment. Nothing set = the defaults. Example (remove the '#'):
# preset=quick modes=hlt,mwait,off
CFG

cat >"$tmp/idlebench.ipxe" <<'IPXE'
#!ipxe
# idlebench over the network (make netboot). Paths are relative to this
# script's own URL (TFTP or HTTP). UEFI: the app, options after its name,
# results on serial; preset=auto: standard on hardware, quick in a VM.
# BIOS: GRUB's menu, which boots the multiboot2 kernel.
iseq ${platform} efi && goto efi ||
chain boot/grub/i386-pc/core.0 || goto failed
:efi
chain idlebench.efi preset=auto || goto failed
:failed
echo idlebench: chain failed; see the message above
shell
IPXE

rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT

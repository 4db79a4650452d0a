#!/usr/bin/env bash
# make-dist.sh BUILD VERSION OUTDIR      (run from the repository root)
# The release a lab downloads: OUTDIR/idlebench-VERSION/ and
# OUTDIR/idlebench-VERSION.tar.xz, holding
#   README.txt                 what is here, how to check it, where to start
#   SHA256SUMS                 every other file (sha256sum -c SHA256SUMS)
#   idlebench.iso              hybrid BIOS+UEFI image: CD, or dd to a stick (read-only)
#   idlebench-usb.img          writable stick image: results land on the stick
#   idlebench.efi              the UEFI application
#   idlebench.elf              the multiboot2/PVH kernel (GRUB, QEMU -kernel, LAVA)
#   netboot/                   a TFTP/HTTP root (make netboot)
#   lava/                      the LAVA jobs and their README
#   docs/                      writing the stick, booting, capturing, reporting
# The tarball is the same bytes for the same inputs: names sorted, every
# date SOURCE_DATE_EPOCH (required), owner root, modes 644/755 whatever the
# umask, xz single-threaded.
set -euo pipefail
usage() { echo "usage: $0 BUILD VERSION OUTDIR   (env SOURCE_DATE_EPOCH)" >&2; exit 2; }
[ $# -eq 3 ] || usage
build=$1 version=$2 out=$3
die() { echo "make-dist: $*" >&2; exit 1; }
[[ ${SOURCE_DATE_EPOCH:-} =~ ^[0-9]+$ ]] || die "SOURCE_DATE_EPOCH must be set to seconds since 1970 (the Makefile sets it)"
[[ $version =~ ^[A-Za-z0-9][A-Za-z0-9.+~_-]*$ ]] || die "version '$version' is not a plain file-name word"
for t in tar xz sha256sum; do
	command -v "$t" >/dev/null 2>&1 || die "'$t' not found"
done

name=idlebench-$version
images=(idlebench.iso idlebench-usb.img idlebench.efi idlebench.elf)
docs=(README.md docs/real-hardware.md docs/options.md docs/cli.md docs/stream-format.md docs/statistics.md)
for f in "${images[@]}" netboot/idlebench.efi; do
	[ -r "$build/$f" ] || die "$build/$f missing (make all)"
done
for f in "${docs[@]}" lava/README.md; do
	[ -r "$f" ] || die "$f missing"
done

mkdir -p "$out"
stage="$out/.$name.tmp"
rm -rf "$stage"
trap 'rm -rf "$stage" "$out/.$name.tar.xz.tmp"' EXIT
mkdir -p "$stage/$name/docs" "$stage/$name/lava"
dir=$stage/$name
for f in "${images[@]}"; do
	cp "$build/$f" "$dir/$f"
done
cp -R "$build/netboot" "$dir/netboot"
cp lava/*.yaml lava/README.md "$dir/lava/"
cp "${docs[@]}" "$dir/docs/"

iso_mb=$(( ($(stat -c %s "$dir/idlebench.iso") + 1048575) / 1048576 ))
usb_mb=$(( $(stat -c %s "$dir/idlebench-usb.img") / 1048576 ))
built=$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M UTC')
cat >"$dir/README.txt" <<TXT
idlebench $version
$(printf '%*s' $((10 + ${#version})) '' | tr ' ' '=')

A bootable bare-metal x86-64 microbenchmark: how much single-thread
performance a core loses depending on the idle state its SMT sibling sits
in (HLT, MWAIT-C1, I/O-port C2, spinning, or off). Every date in these files
is the commit's, $built: the same sources build the same bytes
(the project's scripts/check-reproducible.sh checks it).

Check the download first:
    sha256sum -c SHA256SUMS

Boot it (docs/real-hardware.md says how, step by step):
  idlebench-usb.img   a writable stick (${usb_mb} MiB), BIOS and UEFI; every run
                      writes its result to \\idlebench\\results\\ on the stick:
                        sudo dd if=idlebench-usb.img of=/dev/sdX bs=4M conv=fsync
  idlebench.iso       CD or read-only stick (${iso_mb} MiB), BIOS and UEFI; results on
                      serial (COM1, 115200 baud) and the screen
  idlebench.efi       the UEFI application alone: a UEFI shell, the firmware's
                      boot menu, or iPXE (chain idlebench.efi OPTIONS)
  idlebench.elf       the multiboot2/PVH kernel: GRUB, qemu -kernel, LAVA
  netboot/            a TFTP/HTTP root: BIOS and UEFI PXE, iPXE script
  lava/               LAVA jobs (lava/README.md)

Capture and report: docs/real-hardware.md ("Capture from a BMC", "Serial
console"); the host tool's idlebench check and idlebench report read the
result (docs/cli.md); docs/stream-format.md is the result's format,
docs/statistics.md how the numbers are made, docs/options.md the boot
options. The host tool itself comes with the packages or \`make host\`.
TXT

# checksums of every file but the list itself, names sorted bytewise
(cd "$dir" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort |
	tr '\n' '\0' | xargs -0 sha256sum --) >"$dir/SHA256SUMS"

# Modes: files 644, executables and folders 755, whatever the umask made them.
tar -C "$stage" --format=gnu --sort=name --mtime="@$SOURCE_DATE_EPOCH" \
	--owner=0 --group=0 --numeric-owner --mode='u+rw,go+r,go-w,a+X,a-s' \
	-cf - "$name" | xz -T1 -6 -c >"$out/.$name.tar.xz.tmp"
rm -rf "${out:?}/$name"
mv "$dir" "$out/$name"
mv "$out/.$name.tar.xz.tmp" "$out/$name.tar.xz"
echo "$out/$name.tar.xz"

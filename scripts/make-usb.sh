#!/usr/bin/env bash
# make-usb.sh KERNEL.elf APP.efi GRUB.cfg OUT.img     (env: USB_IMG_MB, default 64)
# Builds a writable USB stick image without root, loop devices or mounting:
# sfdisk writes a GPT into a plain file, mtools formats and fills the FAT
# partition at its byte offset, grub-mkimage builds both GRUB cores, and the
# BIOS boot sector is patched here the way grub-bios-setup would.
#
# Layout (512-byte sectors, N = USB_IMG_MB * 2048):
#   LBA 0            protective MBR; bytes 0-439 hold GRUB's boot.img
#   LBA 1-33         primary GPT (header + 128 entries)
#   LBA 2048..N-4097 partition 1 "IDLEBENCH", FAT (mformat picks FAT16 at 64 MiB)
#   LBA N-4096 (1 MiB) partition 2 "BIOS boot": GRUB i386-pc core.img
#   last 33 LBAs     backup GPT
# The BIOS boot partition sits at the end so partition numbers follow disk
# order and the data partition is the first one every OS shows.
set -euo pipefail

usage() { echo "usage: $0 KERNEL.elf APP.efi GRUB.cfg OUT.img  (env USB_IMG_MB, default 64)" >&2; exit 2; }
[ $# -eq 4 ] || usage
kernel=$1 app=$2 cfg=$3 out=$4
mb=${USB_IMG_MB:-64}
grub_lib=${GRUB_LIB:-/usr/lib/grub}

die() { echo "make-usb: $*" >&2; exit 1; }

need_tool() { # need_tool COMMAND PACKAGE
	command -v "$1" >/dev/null 2>&1 || die "'$1' not found (Debian package $2; scripts/install-deps.sh installs it)"
}
need_tool sfdisk fdisk
need_tool mformat mtools
need_tool mmd mtools
need_tool mcopy mtools
need_tool grub-mkimage grub-common
[ -r "$grub_lib/x86_64-efi/moddep.lst" ] || die "$grub_lib/x86_64-efi missing (Debian package grub-efi-amd64-bin)"
[ -r "$grub_lib/i386-pc/boot.img" ] || die "$grub_lib/i386-pc missing (Debian package grub-pc-bin)"
for f in "$kernel" "$app" "$cfg"; do
	[ -r "$f" ] || die "input file $f missing"
done
# 8 MiB: 5 MiB of FAT holds GRUB (~0.7 MiB), the kernel, the app and results.
if ! [[ $mb =~ ^[0-9]+$ ]] || [ "$mb" -lt 8 ]; then
	die "USB_IMG_MB must be a whole number >= 8 (got '$mb')"
fi

# EFI System partition (UEFI 2.10, 5.3.3 table 5-9): the
# type every UEFI firmware accepts for removable-media boot of
# \EFI\BOOT\BOOTX64.EFI. The price: Windows and macOS do not mount an
# ESP-typed partition on their own (docs/real-hardware.md, "USB stick", says how to reach the
# results there); Linux does. A Microsoft basic data partition would mount
# everywhere and boots under OVMF too (EDK2 binds FAT to any partition type),
# but firmware that insists on the ESP type would not boot it.
readonly FAT_TYPE=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
# GRUB's BIOS boot partition ("Hah!IdontNeedEFI"): where grub-install embeds
# core.img on GPT disks, so no file system or tool touches it.
readonly BIOS_BOOT_TYPE=21686148-6449-6E6F-744E-656564454649
readonly SECTOR=512
total=$((mb * 2048))
fat_start=2048
bios_start=$((total - 4096))
bios_sectors=2048
fat_sectors=$((bios_start - fat_start))

# Reproducible: what sfdisk and mformat would draw at random (the GPT's disk
# and partition GUIDs, the FAT volume serial) comes from SOURCE_DATE_EPOCH
# when it is set (the Makefile sets it: the commit's time), and mtools dates
# every file and folder it writes SOURCE_DATE_EPOCH (mcopy without -m: the
# build's own file times would differ between builds).
# id_from WORD: 32 hex digits, a hash of the epoch and WORD.
id_from() { printf 'idlebench-usb %s %s' "$SOURCE_DATE_EPOCH" "$1" | sha256sum | cut -c1-32; }
# as_guid HEX32: 8-4-4-4-12, marked a version-4 (random-format) GUID.
as_guid() { local h=$1; echo "${h:0:8}-${h:8:4}-4${h:13:3}-8${h:17:3}-${h:20:12}"; }
gpt_ids=
serial=()
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
	[[ $SOURCE_DATE_EPOCH =~ ^[0-9]+$ ]] || die "SOURCE_DATE_EPOCH must be seconds since 1970 (got '$SOURCE_DATE_EPOCH')"
	gpt_ids="label-id: $(as_guid "$(id_from disk)")"
	serial=(-N "$(id_from fat | cut -c1-8)")
fi
# FAT stores local time: UTC here, whatever the builder's zone.
export TZ=UTC
part_uuid() { [ -z "${SOURCE_DATE_EPOCH:-}" ] || echo ", uuid=$(as_guid "$(id_from "part$1")")"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
img="$work/usb.img"

truncate -s "$((total * SECTOR))" "$img"
sfdisk --quiet "$img" >"$work/sfdisk.log" 2>&1 <<EOF || { cat "$work/sfdisk.log" >&2; die "sfdisk failed"; }
label: gpt
$gpt_ids
start=$fat_start, size=$fat_sectors, type=$FAT_TYPE, name="IDLEBENCH"$(part_uuid 1)
start=$bios_start, size=$bios_sectors, type=$BIOS_BOOT_TYPE, name="BIOS boot"$(part_uuid 2)
EOF

# ---- the FAT partition ------------------------------------------------------
# No -F: mformat picks FAT12/16/32 from the size (FAT16 with 1 KiB clusters at
# the default 64 MiB; FAT32 needs >= 65525 clusters, i.e. >= 32 MiB even with
# 512-byte clusters, so tiny test images could not use it). UEFI reads all
# three (UEFI 2.9 §13.3), and so does every desktop OS. -H records the
# partition's start as hidden sectors, as DOS-style formatters do.
export MTOOLS_SKIP_CHECK=1
fat="$img@@$((fat_start * SECTOR))"
mformat -i "$fat" -T "$fat_sectors" -H "$fat_start" "${serial[@]}" -v IDLEBENCH :: ||
	die "mformat failed on the FAT partition"

modules_common="part_gpt part_msdos fat multiboot2 normal configfile serial terminal echo
	test search search_fs_file search_fs_uuid search_label all_video boot ls cat halt reboot"
# Embedded in both GRUB cores: find the partition that holds the kernel (the
# BIOS core does not know its partition, and either firmware may number the
# stick differently) and make its /boot/grub the prefix; `normal` then reads
# $prefix/grub.cfg, which users can edit on the stick. The embedded config
# runs under GRUB's rescue parser: plain commands only, no `if` (a failed
# search prints GRUB's own "no such device" and leaves root as booted).
cat >"$work/early.cfg" <<'EOF'
search --no-floppy --file --set=root /idlebench/idlebench.elf
set prefix=($root)/boot/grub
EOF

# shellcheck disable=SC2086 # module lists are word lists
grub-mkimage -d "$grub_lib/x86_64-efi" -O x86_64-efi -o "$work/BOOTX64.EFI" \
	-c "$work/early.cfg" -p /boot/grub $modules_common chain efi_gop efi_uga ||
	die "grub-mkimage (x86_64-efi) failed"

cat >"$work/README.txt" <<'EOF'
idlebench USB stick
===================

Results: every run of the UEFI app writes one new file to
    \idlebench\results\
on this partition (earlier files are never overwritten). The same stream
goes to the serial port COM1 at 115200 baud.

Copying them off: this partition is the stick's EFI System Partition, a FAT
file system that Linux mounts like any USB drive. Windows and macOS do not
mount an EFI System Partition on their own:
  Windows (administrator prompt): diskpart, list disk, select disk N (the
    stick), select partition 1, assign letter=R; the files are then in
    R:\idlebench\results (remove letter=R when done).
  macOS: diskutil list (find the stick), then sudo diskutil mount diskNs1.
  Linux without mounting: sudo mcopy -i /dev/sdX1 '::/idlebench/results/*.csv' .
Check and summarise the results with the host tool (on Linux):
    idlebench check results/
    idlebench report results/

Options: the GRUB menu, \boot\grub\grub.cfg, passes them after the file
name, e.g.  chainloader /EFI/idlebench/idlebench.efi preset=standard
Edit that file with any text editor to change an entry or add one; the entry
"list the options [help]" prints every option with its allowed values.
The UEFI app started without options (the menu entry "options from
/idlebench/cmdline.txt", or \EFI\idlebench\idlebench.efi started from the
firmware's boot-from-file menu or a UEFI shell) reads them from
    \idlebench\cmdline.txt

Booting: UEFI with Secure Boot off (nothing here is signed). Legacy BIOS
boots the same GRUB menu without the UEFI app entries: the multiboot2 kernel
writes its results to serial and the screen only, not to this stick.
EOF
cat >"$work/cmdline.txt" <<'EOF'
# Options for the idlebench UEFI app when it starts without any: the GRUB
# entry "options from /idlebench/cmdline.txt", or \EFI\idlebench\idlebench.efi
# started from the firmware or a UEFI shell. key=value words separated by
# blanks or line breaks; '#' starts a comment. Nothing set = the defaults.
# Example (remove the '#'):
# preset=quick modes=hlt,mwait,off
EOF
# CRLF: readable in any Windows editor (the app takes both line ends).
sed -i 's/$/\r/' "$work/README.txt" "$work/cmdline.txt"

mmd -i "$fat" ::/EFI ::/EFI/BOOT ::/EFI/idlebench ::/boot ::/boot/grub \
	::/idlebench ::/idlebench/results || die "mmd failed"
copy() { # copy SRC DEST
	mcopy -i "$fat" "$1" "$2" || die "mcopy $1 -> $2 failed (image too small? raise USB_IMG_MB)"
}
copy "$work/BOOTX64.EFI" ::/EFI/BOOT/BOOTX64.EFI
copy "$app" ::/EFI/idlebench/idlebench.efi
copy "$kernel" ::/idlebench/idlebench.elf
copy "$cfg" ::/boot/grub/grub.cfg
copy "$work/README.txt" ::/idlebench/README.txt
copy "$work/cmdline.txt" ::/idlebench/cmdline.txt

# ---- BIOS boot: what grub-bios-setup does for a GPT disk with a BIOS boot
# partition (grub-core util/setup.c, "embedding" path), done by hand because
# grub-bios-setup wants a block device. -------------------------------------
put_le() { # put_le FILE OFFSET NBYTES VALUE: little-endian integer at OFFSET
	local file=$1 off=$2 n=$3 v=$4 i bytes=
	for ((i = 0; i < n; i++)); do
		bytes+=$(printf '\\%03o' $(((v >> (8 * i)) & 255)))
	done
	# shellcheck disable=SC2059 # bytes is a format of octal escapes
	printf "$bytes" | dd of="$file" bs=1 seek="$off" conv=notrunc status=none
}

# shellcheck disable=SC2086
grub-mkimage -d "$grub_lib/i386-pc" -O i386-pc -o "$work/core.img" \
	-c "$work/early.cfg" -p /boot/grub $modules_common biosdisk ||
	die "grub-mkimage (i386-pc) failed"
core_bytes=$(stat -c %s "$work/core.img")
core_sectors=$(((core_bytes + SECTOR - 1) / SECTOR))
# diskboot.S loads to 0x8200 upward and must stay below 0x78000 (setup.c's
# maxsec), well inside the partition too.
if [ "$core_sectors" -gt $(((0x78000 - 0x9000) / SECTOR)) ] || [ "$core_sectors" -gt "$bios_sectors" ]; then
	die "core.img is $core_sectors sectors: too large to load below 0x78000 or for the BIOS boot partition"
fi
# The first sector of core.img is diskboot.img; its block list (struct
# grub_boot_blocklist {u64 start; u16 len; u16 segment}, GRUB_BOOT_MACHINE_
# LIST_SIZE 12) ends the sector at 0x1F4 and grows downward; a zero entry ends it.
# One contiguous run: the rest of core.img right after its first sector, loaded
# at segment 0x820 (GRUB_BOOT_I386_PC_KERNEL_SEG 0x800 + one sector).
put_le "$work/core.img" $((0x1F4)) 8 $((bios_start + 1))
put_le "$work/core.img" $((0x1FC)) 2 $((core_sectors - 1))
put_le "$work/core.img" $((0x1FE)) 2 $((0x820))
put_le "$work/core.img" $((0x1E8)) 8 0
put_le "$work/core.img" $((0x1F0)) 4 0
dd if="$work/core.img" of="$img" bs=$SECTOR seek="$bios_start" conv=notrunc status=none

# boot.img (grub-core/boot/i386/pc/boot.S, offsets from include/grub/i386/pc/boot.h):
# 0x5C kernel_sector = LBA of core.img's first sector; 0x64 boot_drive = 0xFF
# (use the drive the BIOS booted from, DL); 0x66 the 2-byte jump that
# distrusts DL is replaced by NOPs for hard disks (BIOSes that pass 0x00/0x01
# for a USB disk booted as 0x80). Bytes 0x03-0x59 (BPB) and 0x1B8 onward
# (disk signature, protective partition entry, 0x55AA) keep sfdisk's values.
cp "$grub_lib/i386-pc/boot.img" "$work/boot.img"
put_le "$work/boot.img" $((0x5C)) 8 "$bios_start"
put_le "$work/boot.img" $((0x64)) 1 $((0xFF))
put_le "$work/boot.img" $((0x66)) 2 $((0x9090))
dd if="$work/boot.img" of="$img" bs=1 count=3 conv=notrunc status=none
dd if="$work/boot.img" of="$img" bs=1 skip=$((0x5A)) seek=$((0x5A)) count=$((0x1B8 - 0x5A)) conv=notrunc status=none

sfdisk --verify "$img" >"$work/verify.log" 2>&1 || { cat "$work/verify.log" >&2; die "the GPT does not verify after patching the MBR"; }
mkdir -p "$(dirname "$out")"
mv "$img" "$out"

# USB stick image: `make usb` builds build/idlebench-usb.img, and
# its own GRUB menu reaches a clean end record through both paths under OVMF
# (multiboot2 kernel, idlebench.efi) and through the kernel entry under
# SeaBIOS. Each boot uses a copy whose grub.cfg is grub-usb.cfg with
# timeout 0, the entry chosen by its title and the entry's options replaced
# (the images and menus stay in $QTEST_LOGS for a look after a failure).

USB_KERNEL_TITLE='idlebench: platform report only          [run=platform]'
USB_APP_TITLE='idlebench UEFI app: quick preset, saves results to this stick'
USB_FAST_OPTIONS='run=platform exit=qemu'

usb_need_tools() {
	local tool pkg
	for tool in sfdisk:fdisk mcopy:mtools mdir:mtools; do
		pkg=${tool#*:}
		tool=${tool%%:*}
		command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (Debian package $pkg)" || return 1
	done
}

# usb_fat_offset IMG: byte offset of the FAT partition (GPT name IDLEBENCH),
# read from the image's own partition table.
usb_fat_offset() {
	local start
	start=$(sfdisk --dump "$1" | sed -n 's/.*start= *\([0-9]*\),.*name="IDLEBENCH".*/\1/p')
	[ -n "$start" ] || { echo "no IDLEBENCH partition in $1" >&2; return 1; }
	echo $((start * 512))
}

# usb_build: `make usb`; sets USB_IMG_BUILT.
usb_build() {
	USB_IMG_BUILT="${BUILD:-build}/idlebench-usb.img"
	BOOT_OUT="$QTEST_LOGS/make_usb.out"
	usb_need_tools || return 1
	make -s usb BUILD="${BUILD:-build}" >"$BOOT_OUT" 2>&1 || fail "make usb failed" || return 1
	[ -f "$USB_IMG_BUILT" ] || fail "make usb did not write $USB_IMG_BUILT"
}

# usb_stick NAME TITLE OPTIONS: a copy of the built image in
# $QTEST_LOGS/NAME.img whose menu boots the entry TITLE at once with OPTIONS
# in place of the entry's own; sets USB_COPY and USB_FAT.
usb_stick() {
	local name=$1 title=$2 options=$3 cfg="$QTEST_LOGS/$1.grub.cfg"
	usb_build || return 1
	# GRUB falls back to entry 0 when no title matches: make sure one does,
	# and that timeout, default and the loader line were each rewritten once.
	awk -v title="$title" -v options="$options" '
		/^set timeout=/ { print "set timeout=0"; timeout++; next }
		/^set default=/ { print "set default=\"" title "\""; dflt++; next }
		index($0, "menuentry \"" title "\" {") { inside = 1; found++ }
		inside && $1 ~ /^(chainloader|multiboot2)$/ {
			match($0, /^[ \t]*/)
			print substr($0, 1, RLENGTH) $1 " " $2 " " options
			loader++
			next
		}
		inside && $1 == "}" { inside = 0 }
		{ print }
		END { exit !(timeout == 1 && dflt == 1 && found == 1 && loader == 1) }
	' grub-usb.cfg >"$cfg" || fail "grub-usb.cfg: no single entry titled '$title' with one loader line, or no set timeout/default" || return 1
	USB_COPY="$QTEST_LOGS/$name.img"
	cp --sparse=always "$USB_IMG_BUILT" "$USB_COPY"
	USB_FAT="$USB_COPY@@$(usb_fat_offset "$USB_COPY")" || fail "cannot find the FAT partition" || return 1
	mcopy -o -i "$USB_FAT" "$cfg" ::/boot/grub/grub.cfg 2>"$QTEST_LOGS/$name.mcopy.err" ||
		fail "mcopy of the menu into $USB_COPY failed: $(cat "$QTEST_LOGS/$name.mcopy.err")"
}

qtest_usb_image_has_gpt_fat_bios_boot_and_the_files() {
	usb_build || return 1
	local img=$USB_IMG_BUILT dump fat bios_start dir="$QTEST_LOGS/usb_layout"
	dump=$(sfdisk --dump "$img") || fail "sfdisk cannot read $img" || return 1
	grep -qE '^label: gpt$' <<<"$dump" || fail "no GPT: $dump" || return 1
	grep -qE '1 : start= *2048, .*type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, .*name="IDLEBENCH"' <<<"$dump" ||
		fail "partition 1 is not the FAT data partition at LBA 2048: $dump" || return 1
	bios_start=$(sed -n 's/.*2 : start= *\([0-9]*\),.*type=21686148-6449-6E6F-744E-656564454649.*/\1/p' <<<"$dump")
	[ -n "$bios_start" ] || fail "partition 2 is not a BIOS boot partition: $dump" || return 1
	# boot.img's kernel_sector (0x5C) and diskboot's first block list entry
	# (0x1F4: start, len, segment 0x820) point at core.img, as grub-bios-setup writes them.
	[ "$(od -An -tu8 -j $((0x5C)) -N8 "$img" | tr -d ' ')" = "$bios_start" ] ||
		fail "MBR kernel_sector does not name LBA $bios_start" || return 1
	[ "$(od -An -tx1 -j 510 -N2 "$img" | tr -d ' ')" = 55aa ] || fail "MBR lost its 0x55AA signature" || return 1
	[ "$(od -An -tu8 -j $((bios_start * 512 + 0x1F4)) -N8 "$img" | tr -d ' ')" = $((bios_start + 1)) ] ||
		fail "core.img block list does not start at LBA $((bios_start + 1))" || return 1
	[ "$(od -An -tx2 -j $((bios_start * 512 + 0x1FE)) -N2 "$img" | tr -d ' ')" = 0820 ] ||
		fail "core.img block list segment is not 0x820" || return 1
	fat="$img@@$(usb_fat_offset "$img")" || return 1
	rm -rf "$dir" && mkdir -p "$dir"
	mcopy -s -i "$fat" ::/ "$dir/" || fail "mcopy cannot read the FAT partition" || return 1
	local f
	for f in EFI/BOOT/BOOTX64.EFI EFI/idlebench/idlebench.efi idlebench/idlebench.elf \
		boot/grub/grub.cfg idlebench/README.txt idlebench/cmdline.txt; do
		[ -s "$dir/$f" ] || fail "the FAT partition has no $f" || return 1
	done
	[ -d "$dir/idlebench/results" ] && [ -z "$(ls -A "$dir/idlebench/results")" ] ||
		fail "idlebench/results is missing or not empty" || return 1
	cmp -s "$dir/boot/grub/grub.cfg" grub-usb.cfg || fail "boot/grub/grub.cfg differs from grub-usb.cfg" || return 1
	cmp -s "$dir/idlebench/idlebench.elf" "${BUILD:-build}/idlebench.elf" || fail "idlebench.elf differs from the build" || return 1
	cmp -s "$dir/EFI/idlebench/idlebench.efi" "${BUILD:-build}/idlebench.efi" || fail "idlebench.efi differs from the build"
}

# usb_kernel_entry_ends_ok NAME FW BOOT SCREEN: the stick's kernel entry,
# booted by firmware FW (uefi or bios), ends a valid stream with boot=BOOT,
# GRUB as the loader, the entry's options and screen=SCREEN.
usb_kernel_entry_ends_ok() {
	usb_stick "$1" "$USB_KERNEL_TITLE" "$USB_FAST_OPTIONS" || return 1
	boot_valid 0 "$1" BOOT=usb USB_IMG="$USB_COPY" USB_FW="$2" &&
		expect_line "^#= boot=$3\$" && expect_line '^#= bootloader=GRUB' &&
		expect_line "^#= cmdline=$USB_FAST_OPTIONS\$" && expect_line "^#= screen=$4\$" &&
		expect_line '^#! end rows=0 status=ok '
}

# GRUB EFI from \EFI\BOOT\BOOTX64.EFI finds its menu and hands the kernel
# its options and a GOP framebuffer.
qtest_usb_uefi_kernel_entry_ends_ok_with_valid_crc() {
	usb_kernel_entry_ends_ok usb_uefi_kernel uefi uefi framebuffer
}

# The hand-patched boot.img in the MBR loads core.img from the BIOS boot
# partition (SeaBIOS booting the stick from xHCI), which finds the same menu.
qtest_usb_bios_kernel_entry_ends_ok_with_valid_crc() {
	usb_kernel_entry_ends_ok usb_bios_kernel bios bios vga-text
}

# The app's path: chainloaded with the entry's options, it ends the serial
# stream cleanly and leaves exactly one result file on the stick (the copy
# started with an empty \idlebench\results\) that `idlebench check` accepts.
qtest_usb_uefi_app_entry_saves_a_result_file_that_check_accepts() {
	usb_stick usb_uefi_app "$USB_APP_TITLE" "$USB_FAST_OPTIONS" || return 1
	boot_valid 0 usb_uefi_app BOOT=usb USB_IMG="$USB_COPY" USB_FW=uefi &&
		expect_line "^#= cmdline=$USB_FAST_OPTIONS\$" &&
		expect_line '^#! end rows=0 status=ok ' || return 1
	local files n saved="$QTEST_LOGS/usb_uefi_app.result.csv" out
	files=$(mdir -b -i "$USB_FAT" ::/idlebench/results 2>&1) || fail "mdir ::/idlebench/results: $files" || return 1
	n=$(grep -c '\.csv$' <<<"$files")
	[ "$n" -eq 1 ] || fail "expected one .csv in ::/idlebench/results, found $n: $files" || return 1
	rm -f "$saved"
	mcopy -i "$USB_FAT" "$(grep '\.csv$' <<<"$files")" "$saved" || fail "mcopy of the result file failed" || return 1
	out=$("${BUILD:-build}/host/idlebench" check "$saved" 2>&1) || fail "idlebench check $saved: $out"
}

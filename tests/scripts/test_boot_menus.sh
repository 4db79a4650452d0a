# The boot menus' default entries (sourced by tests/run-all.sh; each stest_*
# is one test, run from the repository root). Every `make run BOOT=...` ends
# in about the same time under QEMU: bios, uefi, efi and pvh pass
# CMDLINE (empty: preset=auto), while usb and net boot the menus of the
# stick and of the network tree, so their default entries are preset=auto
# too (standard on hardware, quick under a hypervisor: plan_resolve in
# core/experiment/plan.c), and an explicit standard entry stays.

# menu_loader_lines CFG PLATFORM: the loader lines (multiboot2, chainloader)
# of the entries GRUB shows on PLATFORM (pc or efi), in menu order: entries
# inside `if [ "$grub_platform" = "efi" ]` count on efi only.
menu_loader_lines() {
	awk -v platform="$2" '
		/^if \[ "\$grub_platform" = "efi" \]/ { block = "efi"; next }
		/^if \[ "\$grub_platform" = "pc" \]/ { block = "pc"; next }
		/^fi$/ { block = ""; next }
		(block == "" || block == platform) && $1 ~ /^(multiboot2|chainloader)$/ { print }
	' "$1"
}

stest_boot_menus_default_entries_are_preset_auto_and_standard_stays() {
	local cfg platform first
	for cfg in grub.cfg grub-usb.cfg; do
		grep -qx 'set default=0' "$cfg" || { echo "$cfg: default is not the first entry"; return 1; }
		for platform in pc efi; do
			first=$(menu_loader_lines "$cfg" "$platform" | sed -n 1p)
			[[ $first =~ \ preset=auto$ ]] || { echo "$cfg ($platform): default entry is '$first'"; return 1; }
			menu_loader_lines "$cfg" "$platform" | grep -E ' preset=standard$' >/dev/null ||
				{ echo "$cfg ($platform): no explicit preset=standard entry left"; return 1; }
		done
	done
	# The iPXE script on UEFI chains the app with one fixed option list.
	grep -qxF 'chain idlebench.efi preset=auto || goto failed' scripts/make-netboot.sh ||
		{ echo "scripts/make-netboot.sh: the iPXE script does not chain the app with preset=auto"; return 1; }
}

# The stick and the network tree carry their own menus: a CMDLINE that
# would not reach the kernel is refused before QEMU starts.
stest_boot_menus_usb_and_net_refuse_a_cmdline_they_cannot_pass() {
	local boot err rc
	for boot in usb net; do
		err=$(BOOT=$boot CMDLINE=preset=quick QEMU_BIN=false scripts/qemu-run.sh 2>&1 >/dev/null)
		rc=$?
		[ "$rc" -eq 2 ] || { echo "BOOT=$boot with CMDLINE: exit $rc, not 2: $err"; return 1; }
		[[ $err == *"cannot pass CMDLINE='preset=quick'"* ]] || { echo "BOOT=$boot: no clear refusal: $err"; return 1; }
	done
}

# docs/real-hardware.md's table of the stick's menu is grub-usb.cfg's: one
# row per menuentry in menu order, its title, where GRUB shows it (UEFI for
# the entries inside `if [ "$grub_platform" = "efi" ]`) and the loaded file
# with its options. Fails on the old table, which said the UEFI default was
# preset=standard and left entries out.
stest_boot_menus_stick_table_in_the_docs_is_grub_usb_cfg() {
	local want have
	want=$(awk '
		/^if \[ "\$grub_platform" = "efi" \]/ { efi = 1 }
		/^fi$/ { efi = 0 }
		/menuentry "/ { t = $0; sub(/^[ \t]*menuentry "/, "", t); sub(/" \{$/, "", t); next }
		$1 == "chainloader" || $1 == "multiboot2" {
			f = $2; sub(/.*\//, "", f); a = f
			for (i = 3; i <= NF; i++) a = a " " $i
			print "| `" t "` | " (efi ? "UEFI" : "BIOS, UEFI") " | `" a "` |"
		}' grub-usb.cfg)
	[ "$(wc -l <<<"$want")" -ge 10 ] || { echo "read only $(wc -l <<<"$want") entries from grub-usb.cfg"; return 1; }
	have=$(awk '/^## USB stick/ { on = 1 } /^### / { on = 0 }
		on && /^\| entry \| shown on \| runs \|$/ { t = 1; getline; next }
		t && !/^\|/ { t = 0 } t' docs/real-hardware.md)
	[ "$have" = "$want" ] || { echo "docs/real-hardware.md's stick table differs from grub-usb.cfg:";
		diff <(echo "$want") <(echo "$have"); return 1; }
}

# The stick's README.txt (written by scripts/make-usb.sh) says what
# docs/real-hardware.md says: the results partition is an EFI System
# Partition that Windows and macOS do not mount on their own, and how to
# reach it there; the old text called it "a plain FAT file system: copy the
# .csv files off with any computer".
stest_boot_menus_stick_readme_says_how_windows_and_macos_reach_the_esp() {
	local text
	text=$(awk '/cat >"\$work\/README.txt" <<'"'"'EOF'"'"'/ { on = 1; next } on && /^EOF$/ { exit } on' scripts/make-usb.sh)
	[ -n "$text" ] || { echo "no README.txt text in scripts/make-usb.sh"; return 1; }
	! grep -qi "plain FAT\|with any computer" <<<"$text" || { echo "README.txt still says any computer reads it"; return 1; }
	grep -q "EFI System Partition" <<<"$text" && grep -q "diskpart" <<<"$text" && grep -q "diskutil mount" <<<"$text" ||
		{ echo "README.txt does not say how Windows and macOS reach the partition"; return 1; }
}

# The boot menus' default entries (sourced by tests/run-all.sh; each stest_*
# is one test, run from the repository root). Every `make run BOOT=...` ends
# in about the same time under QEMU (issue 23): bios, uefi, efi and pvh pass
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

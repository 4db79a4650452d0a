# Network boot (make netboot, scripts/make-netboot.sh) under QEMU's user-mode
# network: its DHCP names the boot file, its built-in TFTP server serves a
# fresh tree. Four ways in: OVMF's own PXE loads the app (no stick: options
# over TFTP, results on serial only); the NIC's iPXE ROM (Debian ipxe-qemu)
# under OVMF runs a script that chains the app with options; SeaBIOS runs
# that ROM, which runs the tree's iPXE script, which chains GRUB's BIOS
# core.0, whose menu (the ISO's grub.cfg) boots the multiboot2 kernel; OVMF's
# PXE loads GRUB's UEFI core.efi with the same menu.

# netboot_tree NAME: a fresh tree in $QTEST_LOGS/NAME (NET_TREE).
netboot_tree() {
	NET_TREE="$QTEST_LOGS/$1"
	scripts/make-netboot.sh "${BUILD:-build}/idlebench.elf" "${BUILD:-build}/idlebench.efi" grub.cfg "$NET_TREE" \
		>/dev/null || fail "make-netboot.sh failed for $1"
}

# menu_pick TEXT: make the tree's GRUB menu boot the entry whose title line
# holds TEXT (a fixed string: awk -v would rewrite a regex's backslashes, and
# gawk and mawk differ there) at once. The shipped menu is kept whole as menu.cfg and
# sourced (its entries, kernel path and options are what runs); only
# default and timeout are set after it.
menu_pick() {
	local g="$NET_TREE/boot/grub" n
	mv "$g/grub.cfg" "$g/menu.cfg"
	n=$(awk -v text="$1" '/^menuentry /{n++; if (index($0, text)) {print n - 1; exit}}' "$g/menu.cfg")
	[ -n "$n" ] || fail "no menu entry matches $1 in grub.cfg" || return 1
	# shellcheck disable=SC2016 # $prefix is GRUB's variable, for GRUB to expand
	printf 'source $prefix/menu.cfg\nset default=%s\nset timeout=0\n' "$n" >"$g/grub.cfg"
}

# OVMF's own network stack (the NIC without its iPXE option ROM): UEFI PXEv4.
qtest_netboot_ovmf_pxe_boots_the_app_which_reads_options_over_tftp_and_streams_to_serial() {
	netboot_tree net_efi || return 1
	printf '# test options\nmodes=hlt,off\nworkloads=lz reps=2\n' >"$NET_TREE/idlebench/cmdline.txt"
	boot_valid 0 net_efi BOOT=net NET_FW=uefi NET_ROM=none NET_DIR="$NET_TREE" NET_BOOTFILE=idlebench.efi &&
		expect_line '^#= boot=efi$' && expect_line '^#= cmdline=modes=hlt,off workloads=lz reps=2$' &&
		expect_line '^#! end rows=4 status=ok ' || return 1
	grep -qF 'starting Boot0002 "UEFI PXEv4 ' "$BOOT_OUT" || fail "not booted by OVMF's own PXE" || return 1
	grep -qxF 'idlebench: command line from tftp://10.0.2.2/idlebench/cmdline.txt (ok)' "$BOOT_OUT" ||
		fail "the options were not read over TFTP" || return 1
	# No stick: said so (before the run and after it), no error, no attempt to save.
	[ "$(grep -cxF "idlebench: no file system: loaded over the network (TFTP server 10.0.2.2, boot file 'idlebench.efi'); results on serial only" "$BOOT_OUT")" -eq 2 ] ||
		fail "the app did not say twice that results are on serial only" || return 1
	! grep -E '^idlebench: (ERROR|results saved)' "$BOOT_OUT" >/dev/null || fail "an error or a save attempt over the network"
}

# The NIC's iPXE ROM under OVMF (its EFI driver boots the NIC): an iPXE
# script chains the app with options, as the tree's idlebench.ipxe does on
# UEFI. iPXE also offers a read-only file system of its downloads on the NIC:
# the app must still say "results on serial only", not fail to write there.
qtest_netboot_ipxe_chains_the_app_with_options_on_uefi() {
	netboot_tree net_ipxe_efi || return 1
	grep -qxF 'chain idlebench.efi preset=auto || goto failed' "$NET_TREE/idlebench.ipxe" ||
		fail "the tree's iPXE script has no UEFI chain line" || return 1
	printf '#!ipxe\nchain idlebench.efi modes=hlt,off workloads=matmul reps=2\n' >"$NET_TREE/test.ipxe"
	boot_valid 0 net_ipxe_efi BOOT=net NET_FW=uefi NET_ROM=ipxe NET_DIR="$NET_TREE" NET_BOOTFILE=test.ipxe &&
		expect_line '^#= cmdline=modes=hlt,off workloads=matmul reps=2$' && expect_line '^#! end rows=4 status=ok ' || return 1
	grep -qF 'Open Source Network Boot Firmware' "$BOOT_OUT" || fail "iPXE did not run" || return 1
	grep -qxF 'idlebench: command line from load options (ok)' "$BOOT_OUT" || fail "options not from iPXE's load options" || return 1
	grep -qF 'idlebench: no file system: loaded over the network' "$BOOT_OUT" && ! grep -E '^idlebench: (ERROR|results saved)' "$BOOT_OUT" >/dev/null ||
		fail "no 'results on serial only', or an attempt to save over iPXE"
}

qtest_netboot_seabios_ipxe_script_chains_grub_whose_menu_boots_the_kernel() {
	local rom=/usr/lib/ipxe/qemu/pxe-virtio.rom
	[ -r "$rom" ] || fail "$rom missing: SeaBIOS has no network boot without it (package ipxe-qemu)" || return 1
	netboot_tree net_bios || return 1
	menu_pick '[run=platform]' || return 1
	# The DHCP boot file is the iPXE script: only iPXE runs it, and only
	# through it does GRUB's core.0 come in.
	boot_valid 0 net_bios BOOT=net NET_FW=bios NET_DIR="$NET_TREE" NET_BOOTFILE=idlebench.ipxe &&
		expect_line '^#= boot=bios$' && expect_line '^#= bootloader=GRUB ' && expect_line '^#= cmdline=run=platform$' &&
		expect_line '^#! end rows=0 status=ok ' || return 1
	grep -qF "Booting \`idlebench: platform report only" "$BOOT_OUT" || fail "GRUB's menu did not boot the entry"
}

qtest_netboot_ovmf_pxe_boots_grub_uefi_whose_menu_boots_the_kernel() {
	netboot_tree net_grub_efi || return 1
	menu_pick '[run=platform]' || return 1
	boot_valid 0 net_grub_efi BOOT=net NET_FW=uefi NET_ROM=none NET_DIR="$NET_TREE" NET_BOOTFILE=boot/grub/x86_64-efi/core.efi &&
		expect_line '^#= boot=uefi$' && expect_line '^#= bootloader=GRUB ' && expect_line '^#= cmdline=run=platform$' &&
		expect_line '^#! end rows=0 status=ok ' || return 1
	grep -qF "Booting \`idlebench: platform report only" "$BOOT_OUT" || fail "GRUB's menu did not boot the entry"
}

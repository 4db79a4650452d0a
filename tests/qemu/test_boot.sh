# Boot paths: every path reaches a clean end record and says which it was.

qtest_boot_pvh_ends_ok_with_valid_crc() {
	boot_valid 0 pvh_ok BOOT=pvh CMDLINE="run=siblings" &&
		expect_line '^#= boot=pvh$' &&
		expect_line '^#= hypervisor=TCGTCGTCGTCG$' && expect_line '^#! end rows=0 status=ok '
}

# The default run (run=all, quick preset) through the path a USB stick takes.
qtest_boot_grub_bios_ends_ok_with_valid_crc() {
	boot_valid 0 bios_ok BOOT=bios CMDLINE="" &&
		expect_line '^#= boot=bios$' &&
		expect_line '^#= bootloader=GRUB' && expect_line '^#= screen=vga-text$' &&
		expect_line '^#! end rows=[1-9][0-9]* status=ok '
}

qtest_boot_grub_uefi_ends_ok_with_valid_crc() {
	boot_valid 0 uefi_ok BOOT=uefi CMDLINE="run=platform" &&
		expect_line '^#= boot=uefi$' &&
		expect_line '^#= bootloader=GRUB' && expect_line '^#= screen=framebuffer$' &&
		expect_line '^#! end rows=0 status=ok '
}

qtest_boot_grub_passes_cmdline_without_kernel_path() {
	boot bios_cmdline BOOT=bios CMDLINE="exit=qemu"
	expect_rc 0 && expect_line '^#= cmdline=exit=qemu$'
}

qtest_boot_pvh_ram_above_4gib_is_mapped() {
	boot_valid 0 pvh_6g BOOT=pvh CMDLINE="run=platform" QEMU_EXTRA="-m 6G" &&
		expect_no_line '^#! error' && expect_line '^#  memory: .*highest address 0x1[0-9a-f]{8}$'
}

qtest_make_run_saves_a_result_file_that_check_accepts() {
	local dir="$QTEST_LOGS/make-run-results"
	rm -rf "$dir"
	BOOT_OUT="$QTEST_LOGS/make_run.out"
	make -s run BOOT=pvh CMDLINE="workloads=lz,matmul" RESULTS_DIR="$dir" >"$BOOT_OUT" 2>&1 ||
		fail "make run failed" || return 1
	local saved
	saved=$(tail -1 "$BOOT_OUT")
	[ -f "$saved" ] && [ "$(dirname "$saved")" = "$dir" ] || fail "make run did not print a saved file in $dir" || return 1
	"${BUILD:-build}/host/idlebench" check "$saved" >/dev/null || fail "check rejects $saved"
}

qtest_make_run_exits_1_when_the_stream_ends_in_error() {
	BOOT_OUT="$QTEST_LOGS/make_run_err.out"
	if make -s run BOOT=pvh CMDLINE=selftest=ud RESULTS_DIR="$QTEST_LOGS/make-run-err" >"$BOOT_OUT" 2>&1; then
		fail "make run exited 0 for a stream that ended status=error"
	fi
}

# The ISO holds the kernel, the menu and what grub-mkrescue adds, nothing of
# the build (make-iso.sh once kept its log in the tree it packed: the log
# landed on the image, and xorriso failed when it grew during packing).
qtest_iso_holds_only_the_boot_tree() {
	BOOT_OUT=/dev/null
	local iso="${BUILD:-build}/idlebench.iso" root
	root=$(xorriso -indev "$iso" -ls / 2>/dev/null | tr -d "'" | sort | tr '\n' ' ')
	[ "$root" = "System boot boot.catalog efi.img mach_kernel " ] ||
		fail "unexpected root of $iso: $root" || return 1
	xorriso -indev "$iso" -find /boot -maxdepth 2 -type f 2>/dev/null | tr -d "'" | sort |
		grep -x -e /boot/idlebench.elf -e /boot/grub/grub.cfg | wc -l | grep -x 2 >/dev/null ||
		fail "no /boot/idlebench.elf and /boot/grub/grub.cfg in $iso"
}

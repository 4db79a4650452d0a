# Boot paths (issue 2): every path reaches a clean end record and says which it was.

qtest_boot_pvh_ends_ok_with_valid_crc() {
	boot pvh_ok BOOT=pvh CMDLINE=""
	expect_rc 0 && expect_valid_stream && expect_line '^#= boot=pvh$' &&
		expect_line '^#= hypervisor=TCGTCGTCGTCG$' && expect_line '^#! end rows=0 status=ok '
}

qtest_boot_grub_bios_ends_ok_with_valid_crc() {
	boot bios_ok BOOT=bios CMDLINE=""
	expect_rc 0 && expect_valid_stream && expect_line '^#= boot=bios$' &&
		expect_line '^#= bootloader=GRUB' && expect_line '^#= screen=vga-text$' &&
		expect_line '^#! end rows=0 status=ok '
}

qtest_boot_grub_uefi_ends_ok_with_valid_crc() {
	boot uefi_ok BOOT=uefi CMDLINE=""
	expect_rc 0 && expect_valid_stream && expect_line '^#= boot=uefi$' &&
		expect_line '^#= bootloader=GRUB' && expect_line '^#= screen=framebuffer$' &&
		expect_line '^#! end rows=0 status=ok '
}

qtest_boot_grub_passes_cmdline_without_kernel_path() {
	boot bios_cmdline BOOT=bios CMDLINE="exit=qemu"
	expect_rc 0 && expect_line '^#= cmdline=exit=qemu$'
}

qtest_boot_pvh_ram_above_4gib_is_mapped() {
	boot pvh_6g BOOT=pvh CMDLINE="" QEMU_EXTRA="-m 6G"
	expect_rc 0 && expect_valid_stream && expect_no_line '^#! error' &&
		expect_line '^#  memory: .*highest address 0x1[0-9a-f]{8}$'
}

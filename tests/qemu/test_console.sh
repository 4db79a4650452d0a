# Consoles: the UART an ACPI SPCR names (injected with
# -acpitable, pointing at an isa-serial at the non-legacy port 0x2E0), a PCI
# UART chosen by bus:device.function, several at once, and bad values.
# qemu-run.sh puts COM1 on stdio ($BOOT_OUT); the other UARTs write files.

# The SPCR of tests/qemu/acpi/spcr-io-0x2e0.asl, compiled by iasl.
spcr_table() {
	local aml="$QTEST_LOGS/spcr-io-0x2e0.aml"
	iasl -p "${aml%.aml}" tests/qemu/acpi/spcr-io-0x2e0.asl >"$QTEST_LOGS/iasl-spcr.log" 2>&1 ||
		{ cat "$QTEST_LOGS/iasl-spcr.log" >&2; return 1; }
	echo "$aml"
}

# uart_file_as_output FILE: check FILE's stream with the expect_* helpers.
uart_file_as_output() {
	tr -d '\r' <"$1" >"$BOOT_OUT.uart"
	BOOT_OUT="$BOOT_OUT.uart"
}

qtest_console_auto_sends_one_stream_to_spcr_uart_and_com1() {
	local aml uart="$QTEST_LOGS/con_auto.2e0.txt" com1_end
	aml=$(spcr_table) || return 1
	rm -f "$uart"
	boot_valid 0 con_auto BOOT=pvh CMDLINE="run=platform" \
		QEMU_EXTRA="-acpitable file=$aml -chardev file,id=u2e0,path=$uart -device isa-serial,iobase=0x2e0,irq=5,chardev=u2e0" ||
		return 1
	expect_line '^#= consoles=spcr=io:0x2e0:57600 ttyS0=io:0x3f8:115200 screen=vga-text$' &&
		expect_line '^#= spcr=io:0x2e0:57600$' || return 1
	com1_end=$(stream_of "$BOOT_OUT" | tail -1)
	uart_file_as_output "$uart"
	expect_valid_stream || return 1
	[ "$(stream_of "$BOOT_OUT" | tail -1)" = "$com1_end" ] ||
		fail "the SPCR UART's end record differs from COM1's ($com1_end)"
}

qtest_console_spcr_alone_leaves_com1_silent() {
	local aml uart="$QTEST_LOGS/con_spcr.2e0.txt"
	aml=$(spcr_table) || return 1
	rm -f "$uart"
	boot con_spcr BOOT=pvh CMDLINE="console=spcr run=platform" \
		QEMU_EXTRA="-acpitable file=$aml -chardev file,id=u2e0,path=$uart -device isa-serial,iobase=0x2e0,irq=5,chardev=u2e0"
	expect_rc 0 || return 1
	[ ! -s "$BOOT_OUT" ] || fail "COM1 got output with console=spcr" || return 1
	uart_file_as_output "$uart"
	expect_valid_stream && expect_line '^#= consoles=spcr=io:0x2e0:57600 screen=vga-text$' &&
		expect_no_line '^#! error code=CONSOLE'
}

qtest_console_pci_uart_selected_by_bdf() {
	local uart="$QTEST_LOGS/con_pci.txt"
	rm -f "$uart"
	boot con_pci BOOT=pvh CMDLINE="console=pci,00:05.0,9600+ttyS0 run=platform" \
		QEMU_EXTRA="-chardev file,id=upci,path=$uart -device pci-serial,addr=05.0,chardev=upci"
	expect_rc 0 && expect_valid_stream || return 1
	uart_file_as_output "$uart"
	# BAR0 of QEMU's pci-serial is an I/O range.
	expect_valid_stream && expect_line '^#= consoles=pci,00:05.0,9600=io:0x[0-9a-f]+:9600 ttyS0=io:0x3f8:115200 screen=vga-text$'
}

qtest_console_bad_syntax_ends_error_naming_the_value() {
	boot_valid 1 con_badsyntax BOOT=pvh CMDLINE="console=pci,00:20.0" &&
		expect_line '^#! error code=CMDLINE_BAD_VALUE .*console=pci,00:20.0' &&
		expect_line '^#! end rows=0 status=error '
}

qtest_console_unusable_consoles_are_error_records_on_com1() {
	# No SPCR under plain QEMU, nothing at 00:07.0: both named, neither
	# usable, so COM1 carries the stream and says why.
	boot_valid 0 con_unusable BOOT=pvh CMDLINE="console=spcr+pci,00:07.0 run=platform" &&
		expect_line '^#! error code=CONSOLE console="spcr" msg=".*no \(valid\) ACPI SPCR table' &&
		expect_line '^#! error code=CONSOLE console="pci,00:07.0" msg=".*no PCI device' &&
		expect_line '^#= consoles=ttyS0=io:0x3f8:115200 screen=vga-text$' &&
		expect_line '^#  no console named by console= was usable'
}

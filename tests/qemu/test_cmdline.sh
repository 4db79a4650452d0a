# Command line: bad input stops the run naming the token and lists
# the valid options; help ends ok; console= applies before the first byte.

qtest_cmdline_unknown_key_ends_error_naming_token() {
	boot_valid 1 cmd_unknown BOOT=pvh CMDLINE="exit=qemu frobnicate=3" &&
		expect_line '^#! error code=CMDLINE_UNKNOWN_KEY .*frobnicate=3' &&
		expect_line '^#    console=' && expect_line '^#! end rows=0 status=error '
}

qtest_cmdline_bad_value_ends_error() {
	boot cmd_badval BOOT=pvh CMDLINE="exit=sometimes"
	expect_rc 1 && expect_line '^#! error code=CMDLINE_BAD_VALUE .*exit=sometimes' &&
		expect_line 'status=error'
}

qtest_cmdline_duplicate_key_ends_error() {
	boot cmd_dup BOOT=pvh CMDLINE="selftest=none selftest=none"
	expect_rc 1 && expect_line '^#! error code=CMDLINE_DUPLICATE '
}

qtest_cmdline_over_long_line_ends_error() {
	local long
	long="exit=qemu $(printf 'x%.0s' $(seq 1 1100))"
	boot cmd_long BOOT=pvh CMDLINE="$long"
	expect_rc 1 && expect_line '^#! error code=CMDLINE_TOO_LONG '
}

qtest_cmdline_help_lists_every_option_and_ends_ok() {
	boot_valid 0 cmd_help BOOT=pvh CMDLINE="help" &&
		expect_line '^#    help ' &&
		expect_line '^#    console=' && expect_line '^#    exit=' && expect_line '^#    selftest='
}

qtest_cmdline_console_ttyS1_moves_stream_to_com2() {
	# qemu-run.sh puts COM1 on stdio; the extra -serial makes COM2 a file.
	rm -f "$QTEST_LOGS/com2.txt"
	boot cmd_com2 BOOT=pvh CMDLINE="console=ttyS1 run=platform" QEMU_EXTRA="-serial file:$QTEST_LOGS/com2.txt"
	expect_rc 0 || return 1
	[ ! -s "$BOOT_OUT" ] || fail "COM1 got output with console=ttyS1" || return 1
	tr -d '\r' <"$QTEST_LOGS/com2.txt" >"$BOOT_OUT"
	expect_valid_stream && expect_line '^#= cmdline=console=ttyS1 run=platform$'
}

qtest_cmdline_console_none_silences_serial() {
	boot cmd_none BOOT=pvh CMDLINE="console=none run=platform"
	expect_rc 0 && { [ ! -s "$BOOT_OUT" ] || fail "serial output with console=none"; }
}

# More machine shapes than the default Dhyana on i440FX:
# other CPU models (an AMD Zen 3, an Intel server part, QEMU's plain
# qemu64), the q35 chipset, two sockets, and APIC IDs above 255. Each boots
# run=siblings under TCG and must end status=ok with the topology read
# right, every mode ok, skipped or not_idle with its reason, and the quiet
# probe taken per mode. IDs above 255 need x2APIC under TCG, which QEMU 7.2
# lacks: that shape boots the QEMU 10 scripts/fetch-qemu-x2apic.sh provides
# (as test_efi.sh's x2APIC tests do).

# shape_ok NAME QEMU_CPU SMP [QEMU_EXTRA]: boot run=siblings; every mode
# accounted for, the bench CPU's sibling is APIC 1.
shape_ok() {
	boot_valid 0 "$1" BOOT=pvh CMDLINE="run=siblings" QEMU_CPU="$2" SMP="$3" QEMU_EXTRA="${4:-}" || return 1
	expect_line '^#! end rows=0 status=ok ' && expect_line '^#= smt_threads_per_core=2$' &&
		expect_line '^#= sibling_apics=1$' && expect_line '^#! mode name=hlt status=ok ' &&
		expect_line '^#! mode name=spin status=ok ' && expect_line '^#! mode name=off status=ok ' &&
		expect_no_line '^#! mode name=[a-z0-9]+ status=(timeout|error)' &&
		expect_line '^#! quiet when=hlt if=0 ' && expect_line '^#! quiet when=off if=0 ' || return 1
	# every skipped or not_idle mode says why
	[ -z "$(stream_of "$BOOT_OUT" | grep -E '^#! mode name=[a-z0-9]+ status=(skipped|not_idle)' | grep -v ' reason="')" ] ||
		fail "a skipped or not_idle mode without a reason"
}

qtest_shapes_epyc_milan_smt2_from_leaf_0b() {
	shape_ok shape_milan EPYC-Milan 4,sockets=1,cores=2,threads=2 &&
		expect_line '^#= cpu_family=0x19$' && expect_line '^#= smt_source=cpuid\.0b$' &&
		expect_line '^#= smt_check=not_checked \(threads per core from cpuid\.0b'
}

qtest_shapes_skylake_server_has_no_monitor_under_tcg() {
	shape_ok shape_skx Skylake-Server 4,sockets=1,cores=2,threads=2 &&
		expect_line '^#= cpu_vendor=GenuineIntel$' &&
		expect_line '^#! mode name=mwait status=skipped reason="no MONITOR/MWAIT in CPUID.01H:ECX"$'
}

qtest_shapes_qemu64_smt2() {
	shape_ok shape_qemu64 qemu64 2,sockets=1,cores=1,threads=2 && expect_line '^#= acpi_cpus=2$'
}

qtest_shapes_q35_chipset() {
	shape_ok shape_q35 Dhyana 4,sockets=1,cores=2,threads=2 "-machine q35" &&
		expect_line '^#= smbios_product=Standard PC \(Q35 \+ ICH9, 2009\)$' &&
		expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$'
}

qtest_shapes_two_sockets_park_the_others_in_hlt() {
	shape_ok shape_2s Dhyana 8,sockets=2,cores=2,threads=2 &&
		expect_line '^#= acpi_apic_ids=0,1,2,3,4,5,6,7$' &&
		expect_line '^#= others_cpus=6$' && expect_line '^#= others_failed=0$'
}

# APIC IDs above 255: two threads of socket 3 (APIC IDs 384 and 385 with 64
# cores x 2 threads a socket) plugged beside the boot CPU's pair, x2APIC on.
# placement=other-core parks APIC 384 (the control CPU), the boot CPU's own
# sibling is held in HLT, APIC 385 is an `others` CPU in HLT: every IPI and
# start-up to an ID above 255 goes through the x2APIC ICR's 32-bit field.
qtest_shapes_apic_ids_above_255_under_x2apic() {
	local qemu=${QEMU_X2APIC_BIN:-/opt/idlebench-qemu/bin/qemu-system-x86_64}
	[ -x "$qemu" ] || fail "no x2APIC-capable QEMU at $qemu (scripts/install-deps.sh fetches it)" || return 1
	boot_valid 0 shape_x2apic BOOT=pvh CMDLINE="run=siblings placement=other-core x2apic=on" QEMU_BIN="$qemu" \
		QEMU_CPU="Dhyana,+x2apic" SMP="2,maxcpus=512,sockets=4,cores=64,threads=2" \
		QEMU_EXTRA="-machine q35 -device Dhyana-x86_64-cpu,socket-id=3,core-id=0,thread-id=0 -device Dhyana-x86_64-cpu,socket-id=3,core-id=0,thread-id=1" ||
		return 1
	expect_line '^#= acpi_apic_ids=0,1,384,385$' && expect_line '^#= x2apic=on$' &&
		expect_line '^#= control_apic=384$' && expect_line '^#= own_sibling=hlt$' &&
		expect_line '^#= others_cpus=1$' && expect_line '^#= others_failed=0$' &&
		expect_line '^#! mode name=hlt status=ok ' && expect_line '^#! mode name=spin status=ok ' &&
		expect_line '^#! mode name=off status=ok ' && expect_line '^#! end rows=0 status=ok '
}

# Fault reports: a CPU exception prints vector, RIP and registers,
# ends the stream with an error record and status=error, and exits 35.

qtest_fault_selftest_ud_reports_vector_and_rip() {
	boot_valid 1 fault_ud BOOT=pvh CMDLINE="selftest=ud" &&
		expect_line '^#! error code=CPU_EXCEPTION msg="#UD invalid opcode" vector=6 .*rip=0x[0-9a-f]+' &&
		expect_line '^#    RAX [0-9a-f]{16}' && expect_line '^#! end rows=0 status=error '
}

qtest_fault_selftest_pf_reports_cr2() {
	boot fault_pf BOOT=pvh CMDLINE="selftest=pf"
	expect_rc 1 && expect_line '^#! error code=CPU_EXCEPTION msg="#PF page fault" vector=14 .*cr2=0x7f0000000000'
}

qtest_fault_selftest_gp_reports_vector_13() {
	boot fault_gp BOOT=pvh CMDLINE="selftest=gp"
	expect_rc 1 && expect_line '^#! error code=CPU_EXCEPTION msg="#GP general protection" vector=13 '
}

qtest_fault_report_reaches_bios_path_too() {
	boot_valid 1 fault_bios BOOT=bios CMDLINE="selftest=ud" && expect_line 'vector=6'
}

# A fault on a parked CPU: its report goes into the stream, it stops, and the
# boot CPU alone ends the run (one end record, status=error after the
# acknowledgment timeouts).
qtest_fault_on_the_sibling_is_reported_and_the_boot_cpu_ends_the_run() {
	boot_valid 1 fault_sibling BOOT=pvh CMDLINE="selftest=sibling-ud run=siblings modes=hlt" &&
		expect_line '^#! error code=CPU_EXCEPTION msg="#UD invalid opcode" vector=6 .* apic_id=1$' &&
		expect_line '^#! error code=AP_FAULTED apic_id=1 ' && expect_line '^#! end rows=0 status=error ' || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! end ')" -eq 1 ] || fail "more than one end record"
}

# A parked CPU's fault report while the boot CPU is writing lines: the stream's
# lock between CPUs keeps every line whole, the report in one piece and the
# CRC right (without the lock, 3 of 3 boots gave a stream check rejects).
qtest_fault_on_the_sibling_while_the_boot_cpu_writes_keeps_lines_whole() {
	boot_valid 1 fault_busy BOOT=pvh CMDLINE="selftest=sibling-ud-busy run=siblings modes=hlt" || return 1
	local n
	n=$(stream_of "$BOOT_OUT" | grep -cE '^#  selftest: boot CPU line [0-9]+ of 400, written while a parked CPU faults$')
	[ "$n" -eq 400 ] || fail "$n of the boot CPU's 400 lines are whole" || return 1
	# The report: its first line, six register lines, then its error record,
	# all between two of the boot CPU's lines (so the writers did overlap).
	stream_of "$BOOT_OUT" | awk '
		/^#  CPU EXCEPTION #UD invalid opcode \(vector 6\) on APIC ID 1$/ {
			at = NR; found++; if (prev !~ /^#  selftest: boot CPU line/) bad = 1 }
		at && NR > at && NR <= at + 6 && !/^#    [A-Za-z]/ { bad = 1 }
		at && NR == at + 7 && !/^#! error code=CPU_EXCEPTION .* apic_id=1$/ { bad = 1 }
		at && NR == at + 8 && !/^#  selftest: boot CPU line/ { bad = 1 }
		{ prev = $0 }
		END { exit !(found == 1 && !bad) }' ||
		fail "the fault report is not in one piece between the boot CPU's lines" || return 1
	expect_line '^#! error code=AP_FAULTED apic_id=1 ' && expect_line '^#! end rows=0 status=error '
}

# A fault inside the fault report (the report's own code faulting): the boot
# CPU still ends the stream properly, with an error record naming it.
qtest_fault_inside_the_fault_report_still_ends_with_an_error_record() {
	boot_valid 1 fault_nested BOOT=pvh CMDLINE="selftest=ud-in-report" &&
		expect_line '^#  CPU EXCEPTION #UD invalid opcode \(vector 6\) on APIC ID 0$' &&
		expect_line '^#! error code=CPU_EXCEPTION msg="fault while reporting a fault: #UD invalid opcode" vector=6 ' &&
		expect_line '^#! end rows=0 status=error ' || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! end ')" -eq 1 ] || fail "more than one end record"
}

# An interrupt nothing of ours sends (vector 0x41, as firmware might leave an
# IOAPIC or MSI route aimed at a CPU) reaching a parked CPU in sti;hlt: it is
# counted in `#! stray` and the run goes on. Before every vector 0x20-0xFE had
# a gate, the not-present gate faulted on the parked CPU (QEMU TCG: #GP with
# error code 0x412, the IDT entry; hardware: #NP) and the run ended in
# ACK_TIMEOUT and status=error.
qtest_fault_stray_ipi_on_a_parked_cpu_is_counted_and_the_run_goes_on() {
	boot_valid 0 fault_stray BOOT=pvh CMDLINE="selftest=stray-ipi run=siblings modes=hlt" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! stray during=bringup count=1 total=1 by_apic=1:1 last_vector=0x41$' &&
		expect_line '^#! mode name=hlt status=ok ' &&
		expect_line '^#! stray during=hlt count=0 total=1 by_apic= last_vector=0x41$' &&
		expect_line '^#! stray during=end count=0 total=1 ' &&
		expect_no_line '^#! error' && expect_line '^#! end rows=0 status=ok '
}

# Without the self-test nothing sends a stray: the records say 0, per mode.
qtest_fault_no_strays_without_the_selftest() {
	boot_valid 0 fault_no_stray BOOT=pvh CMDLINE="run=siblings modes=hlt,spin" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! stray during=bringup count=0 total=0 by_apic= last_vector=$' &&
		expect_line '^#! stray during=hlt count=0 total=0 ' && expect_line '^#! stray during=spin count=0 total=0 '
}

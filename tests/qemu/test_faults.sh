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

# A fault before the ACPI tables are read (where a parser fault on a bad
# table would happen) is reported on COM1: the consoles that need no ACPI and
# the stream's sink are started first. Before, nothing was printed at all
# (the consoles started after ACPI, for the SPCR) and QEMU just exited.
qtest_fault_before_acpi_is_reported_on_com1() {
	boot_valid 1 fault_early BOOT=pvh CMDLINE="selftest=early-ud" &&
		expect_line '^#  CPU EXCEPTION #UD invalid opcode \(vector 6\)' &&
		expect_line '^#! error code=CPU_EXCEPTION msg="#UD invalid opcode" vector=6 ' &&
		expect_line '^#! end rows=0 status=error '
}

qtest_fault_report_reaches_bios_path_too() {
	boot_valid 1 fault_bios BOOT=bios CMDLINE="selftest=ud" && expect_line 'vector=6'
}

# A fault on a parked CPU: its report goes into the stream, it stops, and the
# boot CPU alone ends the run (one end record, status=error). The boot CPU
# sees the fault mark and neither sends the NMI nor restarts the CPU: before
# the mark, INIT-SIPI-SIPI revived it (its second #UD then counted as a fault
# inside its own report) and the error said ACK_TIMEOUT.
qtest_fault_on_the_sibling_is_reported_and_the_boot_cpu_ends_the_run() {
	boot_valid 1 fault_sibling BOOT=pvh CMDLINE="selftest=sibling-ud run=siblings modes=hlt,spin" &&
		expect_line '^#! error code=CPU_EXCEPTION msg="#UD invalid opcode" vector=6 .* apic_id=1$' &&
		expect_line '^#! error code=AP_FAULTED apic_id=1 ' &&
		expect_line '^#! mode name=hlt status=timeout wake_path=faulted$' &&
		expect_line '^#! mode name=spin status=timeout wake_path=faulted$' &&
		expect_no_line 'wake_path=restart' && expect_no_line 'fault while reporting a fault' &&
		expect_line '^#! end rows=0 status=error ' || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! end ')" -eq 1 ] || fail "more than one end record" || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! error code=CPU_EXCEPTION ')" -eq 1 ] ||
		fail "the faulted CPU faulted again (revived)" || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! error code=AP_FAULTED ')" -eq 1 ] || fail "AP_FAULTED not once"
}

# An NMI reaching a parked CPU while its fault report is being written (the
# escalation's NMI can: the fault may come after the boot CPU looked for its
# mark). NMI has its own interrupt stack (IST2): the report's trap frame on
# IST1 stays whole, so the error record still says vector 6 and the RIP of
# the UD2 in park_main. With every exception on IST1, the NMI's frame landed
# on the report's: the record said vector=2 and a RIP inside the report.
qtest_fault_nmi_inside_a_parked_cpus_report_leaves_the_report_whole() {
	boot_valid 1 fault_ud_nmi BOOT=pvh CMDLINE="selftest=sibling-ud-nmi run=siblings modes=hlt" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#    selftest: an NMI to this CPU was taken inside this report$' &&
		expect_line '^#! error code=CPU_EXCEPTION msg="#UD invalid opcode" vector=6 error_code=0x0 .* apic_id=1$' &&
		expect_line '^#! error code=AP_FAULTED apic_id=1 ' && expect_line '^#! end rows=0 status=error ' || return 1
	local rip reg fn
	rip=$(stream_of "$BOOT_OUT" | sed -n 's/^#! error code=CPU_EXCEPTION .* rip=0x\([0-9a-f]*\) .*/\1/p')
	reg=$(stream_of "$BOOT_OUT" | sed -n 's/^#    error code 0x0  RIP 0*\([0-9a-f]*\) .*/\1/p')
	[ -n "$rip" ] && [ "$rip" = "$reg" ] || fail "the record's RIP ($rip) is not the report's first RIP ($reg)" || return 1
	fn=$(addr2line -f -e "$BUILD/idlebench.elf" "0x$rip")
	fn=${fn%%$'\n'*} # the function line (addr2line -f prints function, then file:line)
	[ "$fn" = park_main ] || fail "the reported RIP 0x$rip is in $fn, not in park_main's UD2"
}

# A parked CPU deaf to its mode's wake (selftest=sibling-deaf: hlt with IF=0,
# so the wake IPI stays pending): the NMI 20 ms later wakes it, every time.
# That is a finding about the platform, not a failure: wake_path=nmi in both
# records, the finding, and the run ends ok.
qtest_fault_deaf_sibling_is_woken_by_the_nmi_and_reported_as_a_finding() {
	boot_valid 0 fault_deaf BOOT=pvh CMDLINE="selftest=sibling-deaf run=siblings modes=hlt,spin" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! mode name=hlt status=ok .* wake_path=nmi$' &&
		expect_line '^#! wake mode=hlt n=[1-9][0-9]* .* wake_path=nmi by_store=0 by_ipi=0 by_nmi=[1-9][0-9]* finding="the mode.s own wake did not reach the CPU in time: an NMI did"$' &&
		expect_line '^#! mode name=spin status=ok .* wake_path=store$' &&
		expect_line '^#! stray during=end count=0 total=0 ' &&
		expect_no_line '^#! error' && expect_line '^#! end rows=0 status=ok '
}

# A parked CPU that ignores its first two commands, the wake IPI and the NMI
# (selftest=sibling-dead: IF=0 and an NMI handler that halts again): each
# time INIT-SIPI-SIPI revives it with the command waiting. The restart is an
# error both at bring-up (its first command) and in the hlt mode (timeout,
# wake_path=restart), the run ends in error, and the next mode works.
qtest_fault_dead_sibling_is_restarted_with_an_error_and_the_next_mode_is_ok() {
	boot_valid 1 fault_dead BOOT=pvh CMDLINE="selftest=sibling-dead run=siblings modes=hlt,spin" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! error code=ACK_TIMEOUT apic_id=1 msg="no acknowledgment of its first command \(hlt\) .*restarted with INIT-SIPI-SIPI, it took the command"$' &&
		expect_line '^#! error code=ACK_TIMEOUT apic_id=1 msg="no acknowledgment of mode hlt .*restarted with INIT-SIPI-SIPI' &&
		expect_line '^#! mode name=hlt status=timeout wake_path=restart$' &&
		expect_line '^#! mode name=spin status=ok ' && expect_line '^#! mode_switch to=hlt status=ok$' &&
		expect_no_line 'CPU_EXCEPTION' && expect_line '^#! end rows=0 status=error '
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

# An NMI no wake expects (the platform's: a BMC watchdog, a bus error) on a
# parked CPU is counted as a stray with vector 0x02, and the run goes on;
# the wake NMIs idlebench sends itself are not (the deaf selftest's runs,
# below, end every hlt wait with one and count no stray). Before, park_nmi
# returned from every NMI on a parked CPU and nothing recorded it.
qtest_fault_unexpected_nmi_on_a_parked_cpu_is_counted_as_a_stray() {
	boot_valid 0 fault_stray_nmi BOOT=pvh CMDLINE="selftest=stray-nmi run=siblings modes=hlt" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#  selftest=stray-nmi: vector 0x2 sent to APIC 1 .*strays counted 0 -> 1$' &&
		expect_line '^#! stray during=bringup count=1 total=1 by_apic=1:1 last_vector=0x02$' &&
		expect_line '^#! mode name=hlt status=ok ' &&
		expect_line '^#! stray during=end count=0 total=1 ' &&
		expect_no_line '^#! error' && expect_line '^#! end rows=0 status=ok '
}

# Without the self-test nothing sends a stray: the records say 0, per mode.
qtest_fault_no_strays_without_the_selftest() {
	boot_valid 0 fault_no_stray BOOT=pvh CMDLINE="run=siblings modes=hlt,spin" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! stray during=bringup count=0 total=0 by_apic= last_vector=$' &&
		expect_line '^#! stray during=hlt count=0 total=0 ' && expect_line '^#! stray during=spin count=0 total=0 '
}

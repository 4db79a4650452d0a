# Sibling control, with run=siblings: bring-up, every mode entered,
# acknowledged and verified, wake latency per mode, skips with reasons.

# expect_mode NAME STATUS: a `#! mode name=NAME status=STATUS` record exists.
expect_mode() {
	expect_line "^#! mode name=$1 status=$2( |\$)"
}

# Under TCG with two vCPUs MWAIT returns at once and the port read too: both
# answer every command but do not idle the sibling, so their 20 ms dwell
# (thousands of returns) makes them not_idle, with the reason. HLT is left by
# the wake IPI: most wake rounds say ipi and none has a finding (one ping may
# still need the NMI when the host deschedules the vCPU for 20 ms, so the
# mode record, one ping, accepts nmi; selftest=sibling-deaf shows nmi).
# TCG's Dhyana traps no port (CStateBaseAddr 0): c2port= alone is refused,
# c2_untrapped=run reads it (QEMU has no STPCLK#).
qtest_siblings_smt2_every_mode_acknowledged_with_wake_records() {
	boot_valid 0 sib_smt2 BOOT=pvh CMDLINE="run=siblings c2port=0x414 c2_untrapped=run" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#= aps_started=1$' && expect_line '^#= x2apic=off$' &&
		expect_line '^#= amd_mperf_in_mwait=unknown$' &&
		expect_line '^#= amd_mperf_in_mwait_note=under a hypervisor HWCR is its answer, not the core.s$' &&
		expect_line '^#= c2_entry=in8 0x414$' &&
		expect_mode hlt ok && expect_mode spin ok &&
		expect_line '^#! mode name=mwait status=not_idle .*reason="[0-9]+ returns from the idle instruction' &&
		expect_line '^#! mode name=ioport status=not_idle .*reason="[0-9]+ returns from the idle instruction' &&
		expect_line '^#! mode name=hlt status=ok .* wake_path=(ipi|nmi)$' &&
		expect_line '^#! wake mode=hlt n=[1-9][0-9]* .* wake_path=ipi by_store=0 by_ipi=[1-9][0-9]* by_nmi=[0-9]+$' &&
		expect_mode off ok && expect_no_line '^#! error' &&
		expect_line '^#! wake mode=hlt n=[1-9][0-9]* min_ns=[0-9]+ median_ns=[0-9]+ p99_ns=[0-9]+ max_ns=[0-9]+' &&
		expect_line '^#! wake mode=mwait n=[1-9]' && expect_line '^#! wake mode=ioport n=[1-9]' &&
		expect_line '^#! wake mode=spin n=[1-9]' && expect_line '^#! wake mode=off n=0 ' &&
		expect_line '^#! mode_switch to=hlt status=ok$'
}

# busy, the positive control: the parked sibling runs checked rounds of sort
# during every sample (no wake latency: it reads the mailbox between rounds);
# every busy row's checksum is good, the summary has its cells and the
# busy_control record, which under TCG carries the emulator caveat (TCG's
# vCPUs share no core: the slowdown is the host's scheduling, either verdict).
qtest_siblings_busy_control_runs_and_carries_the_emulator_caveat() {
	local rows
	boot_valid 0 sib_busy BOOT=pvh CMDLINE="preset=quick workloads=bignum modes=hlt,busy" \
		SMP="2,sockets=1,cores=1,threads=2" || return 1
	rows=$(stream_rows "$BOOT_OUT" mode check) || return 1
	[ "$(grep -c '^busy,ok$' <<<"$rows")" -ge 3 ] && [ "$(grep -c '^busy,' <<<"$rows")" = "$(grep -c '^busy,ok$' <<<"$rows")" ] ||
		fail "busy rows with check=ok expected, none bad: $rows" || return 1
	expect_line '^#= modes_measured=hlt,busy$' &&
		expect_line '^#! mode name=busy status=ok cpus=1 .* wake_path=store workload=sort rounds=[0-9]+ bad_rounds=0$' &&
		expect_line '^#! wake mode=busy n=0 reason="computing: ' &&
		expect_line '^#! summary workload=bignum mode=busy n=3 ' &&
		expect_line '^#! busy_control mode=busy slowdown_vs_hlt_pct=-?[0-9]+\.[0-9]+ ci95_lo= ci95_hi= min_pct=5\.00 placement=sibling verdict=(ok|topology_suspect) workloads=1 caveat="under a hypervisor \(TCGTCGTCGTCG\): ' &&
		expect_line '^#  control busy \(sibling computes\) ' && expect_no_line '^#! error' &&
		expect_no_line '^#= primary_mode=busy'
}

qtest_siblings_smt4_parks_three_siblings() {
	boot sib_smt4 BOOT=pvh CMDLINE="run=siblings modes=hlt,spin,off" SMP="4,sockets=1,cores=1,threads=4"
	expect_rc 0 && expect_line '^#= aps_started=1,2,3$' && expect_line '^#! mode name=hlt status=ok cpus=3 ' &&
		expect_line '^#! mode name=spin status=ok cpus=3 ' && expect_line '^#! mode name=off status=ok cpus=3$' &&
		expect_line '^#! mode_switch to=hlt status=ok$'
}

qtest_siblings_no_smt_skips_with_reason() {
	boot sib_nosmt BOOT=pvh CMDLINE="run=siblings" SMP="2,sockets=1,cores=2,threads=1"
	expect_rc 0 && expect_line '^#= aps_started=$' &&
		expect_line '^#! mode name=hlt status=skipped reason="no SMT sibling of APIC 0' &&
		expect_line '^#! mode name=spin status=skipped reason=' && expect_line 'status=ok crc32='
}

qtest_siblings_no_smt_other_core_placement_runs() {
	boot sib_other BOOT=pvh CMDLINE="run=siblings placement=other-core modes=hlt,spin,off" SMP="2,sockets=1,cores=2,threads=1"
	expect_rc 0 && expect_line '^#= placement=other-core$' && expect_line '^#= control_apic=1$' &&
		expect_line '^#= aps_started=1$' && expect_mode hlt ok && expect_mode spin ok && expect_mode off ok
}

qtest_siblings_single_cpu_ends_ok_with_skips() {
	boot_valid 0 sib_smp1 BOOT=pvh CMDLINE="run=siblings" SMP="1" &&
		expect_mode hlt skipped && expect_mode mwait skipped && expect_line 'status=ok crc32=' &&
		expect_line '^#= mwait_ecx=unknown \(not probed: no parked CPU ran the probe\)$' &&
		expect_line '^#= c0_residency=unknown \(MPERF not probed'
}

qtest_siblings_no_monitor_skips_mwait_with_reason() {
	boot sib_nomon BOOT=pvh CMDLINE="run=siblings" QEMU_CPU="qemu64,-monitor"
	expect_rc 0 && expect_line '^#! mode name=mwait status=skipped reason="no MONITOR/MWAIT in CPUID.01H:ECX"' &&
		expect_line '^#= mwait_ecx=none ' && expect_mode hlt ok && expect_line 'status=ok crc32='
}

qtest_siblings_without_c2_port_skip_ioport() {
	boot sib_noc2 BOOT=pvh CMDLINE="run=siblings modes=ioport"
	expect_rc 0 && expect_line '^#! mode name=ioport status=skipped reason="no C2 I/O port'
}

# The SSDT's _CST gives C2 at 0x414 as a Zen firmware would, but TCG's
# CStateBaseAddr (C001_0073) reads 0 or faults: no core traps the port, so on
# Dhyana (Hygon 18h, -hypervisor: answered as bare metal, so exit=qemu; TCG
# gives Dhyana no topoext, hence a CPU on another core) ioport is skipped
# with the reason, and the raw C-state MSRs are in the meta.
qtest_siblings_cst_port_not_trapped_skips_ioport() {
	# a name of this file's own: test_platform.sh builds the same table in the other lane
	local aml="$QTEST_LOGS/sib-untrapped-cst-c2-0x414.aml"
	iasl -p "${aml%.aml}" tests/qemu/acpi/cst-c2-0x414.asl >"${aml%.aml}.iasl.log" 2>&1 ||
		{ cat "${aml%.aml}.iasl.log" >&2; return 1; }
	boot sib_cst_untrapped BOOT=pvh CMDLINE="run=siblings modes=hlt,ioport placement=other-core exit=qemu" \
		QEMU_CPU="Dhyana,-hypervisor" SMP="2,sockets=1,cores=2,threads=1" QEMU_EXTRA="-acpitable file=$aml"
	expect_rc 0 && expect_line '^#= c2_port=0x414$' && expect_line '^#= c2_source=_CST$' &&
		expect_line '^#= amd_cstate_base=(0x0|fault)$' && expect_line '^#= amd_cstate_cfg=(0x[0-9a-f]+|fault)$' &&
		expect_line '^#= amd_pwr_mgt_misc=(0x[0-9a-f]+|fault)$' && expect_line '^#= amd_cstate_policy=(0x[0-9a-f]+|fault)$' &&
		expect_line '^#= intel_pkg_cst_config=$' && expect_line '^#= c2_kind=(untrapped|unknown)$' &&
		expect_line '^#= c2_trapped=no$' && expect_line '^#= c2_entry=none$' &&
		expect_line '^#! mode name=ioport status=skipped reason="CStateBaseAddr \(MSR C001_0073\) (is 0|unreadable)[^"]*STPCLK#[^"]*; give c2port=0x414 c2_untrapped=run to run it anyway" c2_kind=(untrapped|unknown) c2_trapped=no$' &&
		expect_mode hlt ok
}

# The same with c2port=0x414: a port no core traps is not read on c2port=
# alone (the read may assert STPCLK# and stop the package): skipped, the
# reason naming the risk, its source and c2_untrapped=run.
qtest_siblings_c2port_untrapped_is_refused_with_the_risk() {
	local aml="$QTEST_LOGS/sib-refused-cst-c2-0x414.aml"
	iasl -p "${aml%.aml}" tests/qemu/acpi/cst-c2-0x414.asl >"${aml%.aml}.iasl.log" 2>&1 ||
		{ cat "${aml%.aml}.iasl.log" >&2; return 1; }
	boot sib_cst_refused BOOT=pvh CMDLINE="run=siblings modes=hlt,ioport c2port=0x414 placement=other-core exit=qemu" \
		QEMU_CPU="Dhyana,-hypervisor" SMP="2,sockets=1,cores=2,threads=1" QEMU_EXTRA="-acpitable file=$aml"
	expect_rc 0 && expect_line '^#= c2_source=cmdline$' && expect_line '^#= c2_trapped=no$' &&
		expect_line '^#= c2_entry=none$' &&
		expect_line '^#= amd_mperf_in_mwait=stops$' && expect_line '^#= amd_mperf_in_mwait_note=$' &&
		expect_line '^#! mode name=ioport status=skipped reason="c2port=0x414 refused: CStateBaseAddr \(MSR C001_0073\) (is 0|unreadable)[^"]* P_LVL2 asserts STPCLK# until a break event \(Intel ICH10 datasheet 13.8.3.6\)[^"]*; add c2_untrapped=run to run it anyway" c2_kind=(untrapped|unknown) c2_trapped=no$' &&
		expect_no_line 'only reaches the chipset' && expect_mode hlt ok
}

# c2port=0x414 c2_untrapped=run: run, and the stream says it is a port no core
# is known to trap, with the risk.
qtest_siblings_c2_untrapped_run_forces_the_port_and_says_so() {
	local aml="$QTEST_LOGS/sib-forced-cst-c2-0x414.aml"
	iasl -p "${aml%.aml}" tests/qemu/acpi/cst-c2-0x414.asl >"${aml%.aml}.iasl.log" 2>&1 ||
		{ cat "${aml%.aml}.iasl.log" >&2; return 1; }
	boot sib_cst_forced BOOT=pvh CMDLINE="run=siblings modes=ioport c2port=0x414 c2_untrapped=run placement=other-core exit=qemu" \
		QEMU_CPU="Dhyana,-hypervisor" SMP="2,sockets=1,cores=2,threads=1" QEMU_EXTRA="-acpitable file=$aml"
	expect_rc 0 && expect_line '^#= c2_source=cmdline$' && expect_line '^#= c2_trapped=no$' &&
		expect_line '^#= c2_note=c2port=0x414 c2_untrapped=run given: run on a port no core is known to trap \(CStateBaseAddr' &&
		expect_line '^#= c2_entry=in8 0x414$' &&
		expect_line '^#! mode name=ioport status=(ok|not_idle) .* c2_kind=(untrapped|unknown) c2_trapped=no c2_note="c2port=0x414 c2_untrapped=run given: run on a port no core is known to trap[^"]*STPCLK#'
}

qtest_siblings_mwait_ecx1_fault_falls_back_to_0() {
	# QEMU TCG raises #GP for MWAIT with ECX=1 though CPUID.05H:ECX.IBE is set.
	# The probe runs MWAIT with no monitor armed, so it cannot sleep.
	boot sib_ecx BOOT=pvh CMDLINE="run=siblings modes=mwait"
	expect_rc 0 && expect_line '^#= mwait_ecx=0 \(MWAIT with ECX=1 raised #GP' && expect_mode mwait not_idle
}

qtest_siblings_bad_modes_option_lists_valid_modes() {
	boot sib_badmode BOOT=pvh CMDLINE="run=siblings modes=hlt,nap"
	expect_rc 1 && expect_line "^#! error code=CMDLINE_BAD_VALUE .*unknown mode 'nap'; valid modes: hlt,mwait,ioport,spin,off"
}

qtest_siblings_grub_uefi_path_starts_the_sibling() {
	boot sib_uefi BOOT=uefi CMDLINE="run=siblings modes=hlt,off"
	expect_rc 0 && expect_line '^#= aps_started=1$' && expect_mode hlt ok && expect_mode off ok &&
		expect_line '^#! mode_switch to=hlt status=ok$'
}

# x2APIC needs a QEMU that emulates it under TCG (>= 8.1): QEMU_X2APIC_BIN, else
# the private QEMU 10 that scripts/install-deps.sh unpacks into /opt/idlebench-qemu
# (scripts/fetch-qemu-x2apic.sh), else the system QEMU, skipping if it is too old.
qtest_siblings_x2apic_mode_brings_up_the_sibling() {
	local qemu=${QEMU_X2APIC_BIN:-} ver
	if [ -z "$qemu" ]; then
		qemu=qemu-system-x86_64
		[ -x /opt/idlebench-qemu/bin/qemu-system-x86_64 ] && qemu=/opt/idlebench-qemu/bin/qemu-system-x86_64
	fi
	ver=$("$qemu" --version 2>/dev/null | sed -n 's/.*version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
	set -- $ver
	if [ -z "${1:-}" ] || [ "$1" -lt 8 ] || { [ "$1" -eq 8 ] && [ "$2" -lt 1 ]; }; then
		echo "skipped: $qemu is QEMU ${1:-?}.${2:-?}; x2APIC under TCG needs >= 8.1" >&2
		return 0
	fi
	boot sib_x2apic BOOT=pvh QEMU_BIN="$qemu" CMDLINE="run=siblings x2apic=on modes=hlt,mwait,spin,off" QEMU_CPU="Dhyana,+x2apic"
	expect_rc 0 && expect_line '^#= x2apic=on$' && expect_line '^#= aps_started=1$' && expect_mode hlt ok &&
		expect_mode off ok && expect_line '^#! mode_switch to=hlt status=ok$'
}

qtest_siblings_x2apic_on_without_cpu_support_is_an_error() {
	boot sib_x2no BOOT=pvh CMDLINE="run=siblings x2apic=on" QEMU_CPU="qemu64,-x2apic"
	expect_rc 1 && expect_line '^#! error code=LAPIC msg="x2apic=on but the CPU has no x2APIC'
}

# The rest of the machine (others=, and the own sibling under
# placement=other-core) on 2 cores x 2 threads: APIC 0 measured, 1 its
# sibling, 2 and 3 the other core.
SMP_2X2="4,sockets=1,cores=2,threads=2"

qtest_others_default_parks_the_other_core_in_hlt() {
	boot_valid 0 oth_hlt BOOT=pvh CMDLINE="run=siblings modes=hlt,off" SMP="$SMP_2X2" &&
		expect_line '^#= aps_started=1$' && expect_line '^#= own_sibling=parked$' &&
		expect_line '^#= others=hlt$' && expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$' &&
		expect_mode hlt ok && expect_mode off ok && expect_no_line '^#! error'
}

qtest_others_off_inits_the_other_core() {
	boot_valid 0 oth_off BOOT=pvh CMDLINE="run=siblings modes=hlt others=off" SMP="$SMP_2X2" &&
		expect_line '^#= others=off$' && expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$' &&
		expect_mode hlt ok && expect_no_line '^#! error'
}

qtest_others_leave_records_the_firmware_state() {
	boot_valid 0 oth_leave BOOT=pvh CMDLINE="run=siblings modes=hlt others=leave" SMP="$SMP_2X2" &&
		expect_line '^#= others=leave$' && expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$' &&
		expect_line '^#= others_workload=$' && expect_mode hlt ok
}

qtest_others_load_runs_checked_rounds_through_the_experiment_and_stops() {
	boot_valid 0 oth_load BOOT=pvh CMDLINE="preset=quick workloads=bignum modes=hlt,spin others=load" SMP="$SMP_2X2" &&
		expect_line '^#= others=load$' && expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$' &&
		expect_line '^#= others_workload=sort$' &&
		expect_line '^#! others_load workload=sort cpus=2 stopped=2 rounds=[1-9][0-9]* bad_rounds=0$' &&
		expect_no_line '^#! error' && expect_line 'status=ok crc32='
}

qtest_placement_other_core_holds_the_own_sibling_in_hlt() {
	boot_valid 0 oth_place BOOT=pvh CMDLINE="run=siblings placement=other-core modes=hlt,spin,off" SMP="$SMP_2X2" &&
		expect_line '^#= control_apic=2$' && expect_line '^#= aps_started=2$' &&
		expect_line '^#= own_sibling=hlt$' && expect_line '^#= own_sibling_failed=0$' &&
		expect_line '^#= others_cpus=1$' && expect_mode hlt ok && expect_mode spin ok && expect_mode off ok &&
		expect_no_line '^#! error'
}

qtest_others_hlt_under_uefi_firmware_parks_its_aps() {
	# OVMF parks its APs in its own loop; ours takes them over with INIT-SIPI-SIPI.
	boot_valid 0 oth_uefi BOOT=uefi CMDLINE="run=siblings modes=hlt,off" SMP="$SMP_2X2" &&
		expect_line '^#= others=hlt$' && expect_line '^#= others_cpus=2$' && expect_line '^#= others_failed=0$' &&
		expect_mode hlt ok && expect_mode off ok
}

# modes=hlt,off: in off the parked CPUs sit in wait-for-SIPI with CR4 = 0
# (no CR4.MCE: a broadcast machine check shuts the machine down), which the
# mode's `#! mce_exposure` record says; in hlt no CPU of the run is exposed.
qtest_siblings_off_says_its_cr4_mce_exposure() {
	boot_valid 0 sib_mce_off BOOT=pvh CMDLINE="run=siblings modes=hlt,off" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_mode off ok && expect_mode hlt ok &&
		expect_line '^#! mce_exposure mode=off exposed=yes cr4_mce_clear=1 parked_off=1 others_off=0$' &&
		expect_line '^#! mce_exposure mode=hlt exposed=no cr4_mce_clear=0 parked_off=0 others_off=0$'
}

# others=off: every other CPU sits in wait-for-SIPI for the whole run, so
# every mode is exposed.
qtest_siblings_others_off_exposes_every_mode() {
	boot_valid 0 sib_mce_others BOOT=pvh CMDLINE="run=siblings modes=hlt others=off" SMP="4,sockets=1,cores=2,threads=2" &&
		expect_line '^#= others=off$' && expect_line '^#= others_cpus=2$' &&
		expect_line '^#! mce_exposure mode=hlt exposed=yes cr4_mce_clear=2 parked_off=0 others_off=2$'
}

# others=leave on a BIOS boot: SeaBIOS counted the other CPUs and left them
# in a state nothing documents (wait-for-SIPI with CR4 = 0, or its own loop),
# so a mode with no counted CPU exposed says exposed=unknown, never no.
qtest_siblings_mce_exposure_bios_others_leave_is_unknown() {
	boot_valid 0 sib_mce_leave BOOT=bios CMDLINE="run=siblings modes=hlt others=leave" SMP="4,sockets=1,cores=2,threads=2" &&
		expect_line '^#= others=leave$' && expect_line '^#= others_cpus=2$' &&
		expect_line '^#! mce_exposure mode=hlt exposed=unknown cr4_mce_clear=0 parked_off=0 others_off=0$'
}

# Each parked CPU records its own AMD extended LVTs (masked where they exist;
# TCG has no ExtApicSpace, so "none" with the reason) and at the end is
# commanded off, writing them back before its INIT (the hand-back).
qtest_siblings_parked_eilvt_recorded_and_released() {
	boot_valid 0 sib_eilvt BOOT=pvh CMDLINE="run=siblings modes=hlt" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#= amd_eilvt_parked=APIC 1: none \((not AMD or Hygon|CPUID 8000_0001 ECX\[3\] ExtApicSpace clear)\)$' &&
		expect_line '^#  parked CPUs released \(INIT\), their AMD extended LVTs written back as found first \(0 failed\)$' &&
		expect_no_line '^#! error'
}

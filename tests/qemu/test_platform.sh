# Platform discovery, with run=platform: identity, SMT siblings for
# SMT1/2/4, the C2 port from a _CST, TSC calibration against an exact clock.

qtest_platform_dhyana_identity() {
	boot_valid 0 plat_dhyana BOOT=pvh CMDLINE="run=platform" QEMU_CPU=Dhyana &&
		expect_line '^#= cpu_vendor=HygonGenuine$' &&
		expect_line '^#= cpu_family=0x18$' && expect_line '^#= cpu_brand=Hygon Dhyana Processor$' &&
		expect_line '^#= smbios_vendor=QEMU$'
}

# The rest of the machine: the last-level cache from CPUID (QEMU's Dhyana has
# no 8000_001D under TCG, so the package-wide 8000_0006), the DIMMs QEMU's
# SMBIOS describes (-m 512M; its entry point says 2.8), and LFENCE/boost as the emulator answers them:
# TCG ignores the DE_CFG write, so LFENCE is reported not made serialising;
# HWCR's TscFreqSel is the emulator's default, so it is left empty.
qtest_platform_llc_dimms_lfence_and_boost_are_recorded() {
	boot_valid 0 plat_state BOOT=pvh CMDLINE="run=platform" QEMU_CPU=Dhyana &&
		expect_line '^#= llc_bytes=[1-9][0-9]*$' && expect_line '^#= llc_source=cpuid\.80000006$' &&
		expect_line '^#= dimms=1$' && expect_line '^#= memory_mib=512$' && expect_line '^#= memory_type=RAM$' &&
		expect_line '^#= smbios_version=2\.8$' &&
		expect_line '^#= lfence_serializing=no$' && expect_line '^#= lfence_source=de_cfg-unwritable$' &&
		expect_line '^#= boost=absent$' && expect_line '^#= pstate=$' &&
		expect_line '^#= amd_hwcr=0x[0-9a-f]{16}$' &&
		expect_line '^#= tsc_freq_sel=$' # HWCR under an emulator is its default, not a measurement
}

# TCG answering as bare metal (-hypervisor): Hygon 18h's CPUID leaves CPB
# clear, so boost is decided from HWCR CpbDis as Linux's init_hygon() does
# (TCG's HWCR reads 0: enabled); the raw HWCR, PStateStat and PStateDef0 are
# meta (TCG answers 0 for MSRs it does not model, so 16 zero digits here).
# exit=qemu: without the hypervisor signature exit=auto would halt.
qtest_platform_bare_metal_hygon_boost_from_hwcr_and_raw_pstate_meta() {
	boot_valid 0 plat_bare BOOT=pvh CMDLINE="run=platform exit=qemu" QEMU_CPU=Dhyana,-hypervisor &&
		expect_line '^#= hypervisor=none$' && expect_line '^#= boost=enabled$' &&
		expect_line '^#= amd_hwcr=0x[0-9a-f]{16}$' && expect_line '^#= amd_pstate_stat=0x[0-9a-f]{16}$' &&
		expect_line '^#= amd_pstate_def0=0x[0-9a-f]{16}$'
}

qtest_platform_smt2_two_cores_bench0_has_sibling_1() {
	boot plat_smt2 BOOT=pvh CMDLINE="run=platform" SMP="4,sockets=1,cores=2,threads=2"
	expect_rc 0 && expect_line '^#= acpi_cpus=4$' && expect_line '^#= acpi_apic_ids=0,1,2,3$' &&
		expect_line '^#= smt_threads_per_core=2$' && expect_line '^#= bench_apic=0$' &&
		expect_line '^#= sibling_apics=1$'
}

qtest_platform_smt4_has_three_siblings() {
	boot plat_smt4 BOOT=pvh CMDLINE="run=platform" SMP="4,sockets=1,cores=1,threads=4"
	expect_rc 0 && expect_line '^#= smt_threads_per_core=4$' && expect_line '^#= sibling_apics=1,2,3$'
}

qtest_platform_no_smt_reports_no_sibling() {
	boot plat_smt1 BOOT=pvh CMDLINE="run=platform" SMP="2,sockets=1,cores=2,threads=1"
	expect_rc 0 && expect_line '^#= smt_threads_per_core=1$' && expect_line '^#= sibling_apics=$' &&
		expect_line '^#  smt: .*siblings: none - this core has one thread'
}

qtest_platform_cst_ssdt_gives_c2_port_0x414() {
	local aml="$QTEST_LOGS/cst-c2-0x414.aml"
	iasl -p "${aml%.aml}" tests/qemu/acpi/cst-c2-0x414.asl >"$QTEST_LOGS/iasl.log" 2>&1 ||
		{ cat "$QTEST_LOGS/iasl.log" >&2; return 1; }
	boot plat_cst BOOT=pvh CMDLINE="run=platform" QEMU_EXTRA="-acpitable file=$aml"
	expect_rc 0 && expect_line '^#= acpi_cstates=C1:ffh:0x0:1;C2:io:0x414:400$' &&
		expect_line '^#= c2_port=0x414$' && expect_line '^#= c2_source=_CST$' &&
		expect_line '^#= c2_rule=cst_io$' && expect_line '^#= c2_msr_check=(not_read|no_base|agrees|differs)$'
}

qtest_platform_c2port_option_overrides() {
	boot plat_c2opt BOOT=pvh CMDLINE="run=platform c2port=0x815"
	expect_rc 0 && expect_line '^#= c2_port=0x815$' && expect_line '^#= c2_source=cmdline$' &&
		expect_line '^#= c2_rule=cmdline$'
}

qtest_platform_tsc_within_0_1pct_of_1ghz_under_icount() {
	boot plat_icount BOOT=pvh CMDLINE="run=platform" QEMU_EXTRA="-icount shift=0"
	expect_rc 0 || return 1
	local hz
	hz=$(stream_of "$BOOT_OUT" | sed -n 's/^#= tsc_hz=//p')
	[ -n "$hz" ] && [ "$hz" -ge 999000000 ] && [ "$hz" -le 1001000000 ] ||
		fail "tsc_hz=$hz, expected 1 GHz +- 0.1 %"
}

qtest_platform_uefi_reads_smbios_from_efi_table() {
	boot plat_uefi BOOT=uefi CMDLINE="run=platform"
	expect_rc 0 && expect_line '^#= smbios_vendor=QEMU$' && expect_line '^#= acpi_cpus=2$' &&
		expect_line '^#= sibling_apics=1$'
}

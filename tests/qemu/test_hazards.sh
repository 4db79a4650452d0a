# Real-board hazards that QEMU can show: control-register
# bits every CPU we run must have, and the measured CPU's APIC ID checked
# against the local APIC's own register. (Stray interrupts: test_faults.sh.)

# CR4.MCE and CR0.NE on every CPU: the measured CPU (PVH here; the BIOS test
# below takes the multiboot2 path), its parked sibling and the other core's
# two CPUs (others=hlt). Without kernel/arch/cpu_setup64.asm's
# cpu_enable_machine_checks this read 0/4: APs leave INIT with CR4 = 0 and
# CR0.NE = 0, and QEMU's PVH entry leaves them clear on the boot CPU too.
qtest_hazards_every_cpu_runs_with_cr4_mce_and_cr0_ne() {
	boot_valid 0 hz_cr_pvh BOOT=pvh CMDLINE="run=siblings modes=hlt" SMP="4,sockets=1,cores=2,threads=2" &&
		expect_line '^#= cr4_mce=4/4$' && expect_line '^#= cr0_ne=4/4$' && expect_no_line '^#! error'
}

qtest_hazards_multiboot2_boot_cpu_runs_with_cr4_mce_and_cr0_ne() {
	boot_valid 0 hz_cr_bios BOOT=bios CMDLINE="run=siblings modes=hlt" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#= cr4_mce=2/2$' && expect_line '^#= cr0_ne=2/2$'
}

# A local APIC ID register that disagrees with CPUID (selftest=apic-id
# rewrites the xAPIC one, as firmware may) is an error record naming both;
# the run goes on. Runs without the self-test have no such record (the test
# above expects no error at all).
qtest_hazards_apic_id_register_disagreeing_with_cpuid_is_reported() {
	boot_valid 0 hz_apic_id BOOT=pvh CMDLINE="run=siblings modes=hlt selftest=apic-id" \
		SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! error code=APIC_ID_MISMATCH msg="[^"]*" cpuid_apic=0 lapic_apic=64 x2apic=off$' &&
		expect_line '^#! mode name=hlt status=ok ' && expect_line '^#! end rows=0 status=ok '
}

# QEMU's HPET is 64 bits wide (COUNT_SIZE_CAP set, hw/timer/hpet.c); the
# calibration reads the width instead of assuming it. The 32-bit wrap itself
# is tested on the host (tests/unit/time/test_hpet_counter.c): QEMU has no
# 32-bit HPET.
qtest_hazards_hpet_counter_width_read_from_its_capabilities() {
	boot hz_hpet BOOT=pvh CMDLINE="run=platform"
	expect_rc 0 && expect_line '^#= tsc_source=hpet$' && expect_line '^#= hpet_counter_bits=64$'
}

# Wake latency on SMT siblings: the TSC is per thread, so beside the
# two-TSC figures the record gives half the round trip, timed on the
# sender's TSC alone, and says so.
qtest_hazards_wake_record_gives_the_one_way_estimate_from_the_round_trip() {
	boot_valid 0 hz_wake BOOT=pvh CMDLINE="run=siblings modes=hlt,spin" SMP="2,sockets=1,cores=1,threads=2" &&
		expect_line '^#! wake mode=hlt n=200 .* one_way_method=rtt_half( |$)' || return 1
	stream_of "$BOOT_OUT" | awk '
		/^#! wake mode=(hlt|spin) n=200 / {
			for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
			d = f["one_way_ns"] - f["rtt_median_ns"] / 2
			if (f["one_way_ns"] == "" || d > 1 || d < -1) bad = 1
			seen++
		}
		END { exit !(seen == 2 && !bad) }' || fail "one_way_ns is not rtt_median_ns / 2 in both wake records"
}

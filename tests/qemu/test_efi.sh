# The UEFI application: idlebench.efi booted under OVMF from a FAT
# image (as \EFI\BOOT\BOOTX64.EFI, options in \idlebench\cmdline.txt) runs the
# same kernel and writes its stream to \idlebench\results\ on that image.
# The GRUB chainloader path (options as load options) is in test_usb.sh.

# efi_image NAME CMDLINE [KB]: a fresh FAT image $QTEST_LOGS/NAME.img.
efi_image() {
	EFI_IMG="$QTEST_LOGS/$1.img"
	EFI_IMG_KB=${3:-16384} scripts/make-efi-img.sh "${BUILD:-build}/idlebench.efi" "$2" "$EFI_IMG" >/dev/null ||
		fail "make-efi-img.sh failed for $1"
}

# set_cmdline IMG "OPTIONS": replace \idlebench\cmdline.txt in the image.
set_cmdline() {
	local tmp="$QTEST_LOGS/cmdline.txt"
	printf '%s\n' "$2" >"$tmp"
	mcopy -o -i "$1" "$tmp" ::/idlebench/cmdline.txt
}

qtest_efi_app_quick_preset_saves_the_stream_with_rows_for_every_mode() {
	efi_image efi_quick "preset=quick" || return 1
	local img=$EFI_IMG
	# qemu-run's defaults: -smp 2,sockets=1,cores=1,threads=2 -cpu Dhyana.
	boot_valid 0 efi_quick BOOT=efi EFI_IMG="$img" &&
		expect_line '^#= boot=efi$' && expect_line '^#= bootloader=UEFI ' &&
		expect_line '^#= preset=quick$' || return 1
	# OVMF.fd enrolls no keys: the SecureBoot variable reads 0 (test_secure_boot.sh: 1).
	expect_line '^#= secure_boot=0$' || return 1
	grep -qF 'idlebench: results saved to \idlebench\results\' "$BOOT_OUT" || fail "no 'results saved' line" || return 1
	grep -q '^idlebench: firmware timer runs again after the hand-back' "$BOOT_OUT" ||
		fail "the firmware's timer did not come back after the run" || return 1
	grep -q '^idlebench: the firmware runs code on sibling APIC 1 again (MP services); its local APIC is in xAPIC mode like the boot CPU.s$' "$BOOT_OUT" ||
		fail "the firmware could not use the sibling again" || return 1
	expect_line '^#! quiet when=firmware if=1 ' && expect_line '^#! quiet when=run if=0 ' || return 1
	grep -qE '^idlebench: interrupts were off for [0-9]+ s \(the whole run\)' "$BOOT_OUT" ||
		fail "the app did not say how long interrupts were off" || return 1
	local files got="$QTEST_LOGS/efi_quick.csv"
	files=$(result_files "$img")
	[ "$(printf '%s\n' "$files" | grep -c .)" -eq 1 ] || fail "expected one result file, got: $files" || return 1
	rm -f "$got"
	mcopy -n -i "$img" "$files" "$got" || fail "mcopy $files failed" || return 1
	"${BUILD:-build}/host/idlebench" check "$got" >/dev/null 2>&1 || fail "idlebench check rejects $got" || return 1
	cmp -s "$got" "$BOOT_OUT.stream" || fail "the saved file is not the serial stream byte for byte" || return 1
	# Rows for every mode the run found usable and the plan measures (quick
	# leaves out the controls, busy among them, whose check still runs).
	local modes m measured
	measured=$(sed -n 's/^#= modes_measured=//p' "$got")
	modes=$(sed -n 's/^#! mode name=\([a-z]*\) status=ok .*/\1/p' "$got" | grep -xF -f <(tr , '\n' <<<"$measured"))
	[ "$(printf '%s\n' "$modes" | grep -c .)" -ge 3 ] || fail "fewer than 3 usable modes: $modes" || return 1
	for m in $modes; do
		stream_rows "$got" workload class mode | grep -E "^[a-z0-9_]+,(int|fp),$m\$" >/dev/null ||
			fail "no rows for usable mode $m" || return 1
	done
	# A second boot of the same stick adds a second, distinct file and leaves the first alone.
	set_cmdline "$img" "run=platform" || fail "mcopy cmdline.txt failed" || return 1
	boot_valid 0 efi_quick_again BOOT=efi EFI_IMG="$img" || return 1
	local after
	after=$(result_files "$img")
	[ "$(printf '%s\n' "$after" | sort -u | grep -c .)" -eq 2 ] || fail "expected two distinct files, got: $after" || return 1
	grep -qxF "$files" <<<"$after" || fail "the first file is gone: $after" || return 1
	mcopy -n -i "$img" "$files" "$got.again" && cmp -s "$got" "$got.again" || fail "the first file changed"
}

qtest_efi_app_full_stick_says_why_and_the_serial_stream_completes() {
	efi_image efi_full "run=platform" 2048 || return 1
	local img=$EFI_IMG free filler="$QTEST_LOGS/filler.bin"
	free=$(mdir -i "$img" ::/ | grep 'bytes free' | tr -dc '0-9')
	[ -n "$free" ] && [ "$free" -gt 0 ] || fail "cannot read the free space of $img" || return 1
	head -c "$free" /dev/zero >"$filler"
	mcopy -i "$img" "$filler" ::/filler.bin || fail "could not fill $img" || return 1
	boot_valid 0 efi_full BOOT=efi EFI_IMG="$img" &&
		expect_line '^#! end rows=0 status=ok ' || return 1
	grep -qE '^idlebench: ERROR: results NOT saved to the stick .*EFI_VOLUME_FULL.*the stream on serial above is complete' \
		"$BOOT_OUT" || fail "no write error naming EFI_VOLUME_FULL" || return 1
	[ -z "$(result_files "$img")" ] || fail "a partial result file was left: $(result_files "$img")"
}

qtest_efi_app_cpu_fault_is_reported_saved_and_handed_back() {
	efi_image efi_fault "selftest=ud" || return 1
	boot_valid 1 efi_fault BOOT=efi EFI_IMG="$EFI_IMG" &&
		expect_line '^#! error code=CPU_EXCEPTION .*vector=6 ' &&
		expect_line '^#! end rows=0 status=error ' || return 1
	grep -q '^idlebench: firmware timer runs again after the hand-back' "$BOOT_OUT" ||
		fail "the firmware's timer did not come back after the fault" || return 1
	# Back in the firmware after the fault: the file was written with the error in it.
	local f got="$QTEST_LOGS/efi_fault.csv"
	f=$(result_files "$EFI_IMG")
	[ -n "$f" ] || fail "no result file after the fault" || return 1
	rm -f "$got"
	mcopy -n -i "$EFI_IMG" "$f" "$got" && grep -q '^#! error code=CPU_EXCEPTION ' "$got" ||
		fail "the saved file lacks the CPU_EXCEPTION record"
}

qtest_efi_app_and_pvh_kernel_give_identical_rows_under_icount() {
	# The same options on the same (deterministic) machine: every row, timings
	# included, is identical from the UEFI app and from the multiboot2/PVH
	# kernel (both compiled -fpic: the workloads are the same instructions).
	# shift=5 (32 ns per instruction) because OVMF's own start busy-waits on
	# virtual time and takes minutes at shift=0.
	local opts="modes=hlt,off workloads=lz,matmul reps=3 seed=5" ic="-icount shift=5,sleep=off" pvh
	boot efi_ic_pvh BOOT=pvh CMDLINE="$opts" QEMU_EXTRA="$ic"
	expect_rc 0 || return 1
	pvh=$BOOT_OUT
	efi_image efi_ic "$opts" || return 1
	boot_valid 0 efi_ic_efi BOOT=efi EFI_IMG="$EFI_IMG" QEMU_EXTRA="$ic" QEMU_TIMEOUT=300 || return 1
	local a b
	a=$(stream_rows "$pvh")
	b=$(stream_rows "$BOOT_OUT")
	[ "$(printf '%s\n' "$a" | grep -c .)" -eq 12 ] || fail "expected 12 rows from PVH" || return 1
	[ "$a" = "$b" ] || { diff <(echo "$a") <(echo "$b") | sed -n 1,10p >&2; fail "rows differ between PVH and EFI under icount"; }
}

qtest_efi_app_and_multiboot2_kernel_run_the_same_plan() {
	# Same options, same machine: the same rows (sequence, workload, class,
	# mode, placement, repetition, checksum verdict) and workload checks.
	# Timings differ from boot to boot under TCG, so they are not compared.
	local opts="modes=hlt,spin,off workloads=lz,matmul,whetstone reps=2 seed=7" pvh
	boot efi_vs_pvh_pvh BOOT=pvh CMDLINE="$opts"
	expect_rc 0 || return 1
	pvh=$BOOT_OUT
	efi_image efi_vs_pvh "$opts" || return 1
	boot efi_vs_pvh_efi BOOT=efi EFI_IMG="$EFI_IMG"
	expect_rc 0 || return 1
	local a b
	local same="seq workload class mode placement rep check"
	a=$(stream_rows "$pvh" $same)
	b=$(stream_rows "$BOOT_OUT" $same)
	[ -n "$a" ] && [ "$a" = "$b" ] || { diff <(echo "$a") <(echo "$b") | sed -n 1,10p >&2; fail "rows differ between PVH and EFI"; return 1; }
	a=$(stream_of "$pvh" | grep -E '^#! (workload|mode) ' | sed 's/ iterations=[0-9]*//; s/ c0_pct=.*//')
	b=$(stream_of "$BOOT_OUT" | grep -E '^#! (workload|mode) ' | sed 's/ iterations=[0-9]*//; s/ c0_pct=.*//')
	[ "$a" = "$b" ] || { diff <(echo "$a") <(echo "$b") | sed -n 1,10p >&2; fail "workload/mode records differ"; }
}

qtest_efi_app_hands_back_an_x2apic_it_switched_to() {
	# OVMF leaves the APIC in xAPIC mode; x2apic=on switches it for the run,
	# and the hand-back must return it to xAPIC with the firmware's timer
	# ticking (efi_hw_restore: disable, re-enable, registers rewritten), and
	# the sibling's too (INIT alone would keep it in x2APIC mode): the MP
	# services procedure reads its IA32_APIC_BASE.
	local qemu=${QEMU_X2APIC_BIN:-/opt/idlebench-qemu/bin/qemu-system-x86_64}
	[ -x "$qemu" ] || fail "no x2APIC-capable QEMU at $qemu (scripts/install-deps.sh fetches it)" || return 1
	efi_image efi_x2apic "run=siblings x2apic=on modes=hlt,mwait,spin,off" || return 1
	boot_valid 0 efi_x2apic BOOT=efi EFI_IMG="$EFI_IMG" QEMU_BIN="$qemu" QEMU_CPU="Dhyana,+x2apic" &&
		expect_line '^#= x2apic=on$' && expect_line '^#= aps_started=1$' &&
		expect_line '^#= amd_eilvt=none \(CPUID 8000_0001 ECX\[3\] ExtApicSpace clear\)$' || return 1
	grep -q '^idlebench: firmware timer runs again after the hand-back' "$BOOT_OUT" ||
		fail "the firmware's timer did not come back after an x2APIC run" || return 1
	grep '^idlebench: the firmware runs code on sibling APIC 1 again (MP services); its local APIC is in xAPIC mode like the boot CPU' "$BOOT_OUT" >/dev/null ||
		fail "the sibling is not back in the firmware's xAPIC mode" || return 1
	[ "$(result_files "$EFI_IMG" | grep -c .)" -eq 1 ] || fail "no result file after an x2APIC run"
}

qtest_efi_app_brings_up_three_smt4_siblings_and_hands_back() {
	# Three APs through the trampoline on the firmware's page tables, all
	# sent INIT before the hand-back.
	efi_image efi_smt4 "run=siblings" || return 1
	boot_valid 0 efi_smt4 BOOT=efi EFI_IMG="$EFI_IMG" SMP=4,sockets=1,cores=1,threads=4 &&
		expect_line '^#= aps_started=1,2,3$' &&
		expect_line '^#! mode name=hlt status=ok cpus=3 ' && expect_line '^#! mode_switch to=hlt status=ok$' || return 1
	grep -q '^idlebench: firmware timer runs again after the hand-back' "$BOOT_OUT" &&
		grep -q '^idlebench: results saved to ' "$BOOT_OUT" || fail "no hand-back or no saved file after SMT4" || return 1
	[ "$(grep -c '^idlebench: the firmware runs code on sibling APIC [123] again' "$BOOT_OUT")" -eq 3 ] ||
		fail "the firmware could not use all three siblings again"
}

qtest_efi_app_fault_on_the_sibling_still_hands_back_and_saves() {
	# The faulting sibling must not run the hand-back (it would return into
	# efi_main on the boot CPU's saved firmware stack): it stops, and the boot
	# CPU ends, hands back and saves.
	efi_image efi_fault_sibling "selftest=sibling-ud run=siblings modes=hlt" || return 1
	boot_valid 1 efi_fault_sibling BOOT=efi EFI_IMG="$EFI_IMG" &&
		expect_line '^#! error code=CPU_EXCEPTION .* apic_id=1$' &&
		expect_line '^#! end rows=0 status=error ' || return 1
	[ "$(stream_of "$BOOT_OUT" | grep -c '^#! end ')" -eq 1 ] || fail "more than one end record" || return 1
	grep -q '^idlebench: firmware timer runs again after the hand-back' "$BOOT_OUT" &&
		grep -q '^idlebench: results saved to ' "$BOOT_OUT" || fail "no hand-back or no saved file" || return 1
	# The halted sibling was sent INIT like a healthy one: the firmware can use it again.
	grep -q '^idlebench: the firmware runs code on sibling APIC 1 again' "$BOOT_OUT" ||
		fail "the firmware could not use the faulted sibling again"
}

qtest_efi_app_hands_back_the_other_cpus_it_parked() {
	# others=hlt (the default) starts the other core's two CPUs too: all three
	# APs are sent INIT before the hand-back and the firmware runs code on each.
	efi_image efi_others "run=siblings modes=hlt,off" || return 1
	boot_valid 0 efi_others BOOT=efi EFI_IMG="$EFI_IMG" SMP=4,sockets=1,cores=2,threads=2 &&
		expect_line '^#= aps_started=1$' && expect_line '^#= others=hlt$' && expect_line '^#= others_cpus=2$' &&
		expect_line '^#= others_failed=0$' || return 1
	[ "$(grep -c '^idlebench: the firmware runs code on sibling APIC [123] again' "$BOOT_OUT")" -eq 3 ] ||
		fail "the firmware could not use all three APs again" || return 1
	# The firmware's MP services were told the run took them (EnableDisableAP), and got them back.
	grep -qE '^idlebench: 3 AP\(s\) were disabled in the firmware.s MP services for the run \(0 refused\); 3 enabled again' \
		"$BOOT_OUT" || fail "the APs were not disabled and enabled again in the MP services"
}

# The UEFI app gives the probes their 4 x LLC arena too (a region beside the
# 64 MiB pool, up to 1 GiB, freed after the run): nothing is skipped on a
# 512 MiB machine whose LLC is 8 MiB.
qtest_efi_app_runs_the_probes_on_an_arena_of_4_x_llc() {
	efi_image efi_mech "preset=mechanism workloads=rob_16,mlp_1,stream_triad,lz modes=hlt,off reps=3 sample_ms=2" || return 1
	boot_valid 0 efi_mech BOOT=efi EFI_IMG="$EFI_IMG" || return 1
	expect_no_line 'WORKLOAD_SKIPPED' && expect_line '^#! workload name=rob_16 class=probe .* check=ok .* arena_bytes=335[0-9]{5}$' &&
		expect_line '^#! workload name=stream_triad class=probe .* check=ok ' &&
		expect_line '^#! probe name=rob mode=off ' && expect_line '^#! probe name=stream mode=hlt bytes_per_cycle=' || return 1
	[ "$(stream_rows "$BOOT_OUT" check | sort -u)" = ok ] || fail "a row failed its check"
}

# console=none: no UART carries the stream during the run. After the hand-back
# the app prints the captured stream through the firmware's console, where a
# BMC showing the firmware console sees it. OVMF puts a terminal on each of
# its two serial ports into ConOut: the stream must arrive on both, once each
# (ConOut only; writing the ports' EFI_SERIAL_IO_PROTOCOL as well would double
# it), whole, and equal to the saved file byte for byte.
qtest_efi_app_without_a_uart_shows_the_whole_stream_once_through_the_firmware_console() {
	local com2="$QTEST_LOGS/efi_no_uart.com2" s2
	rm -f "$com2"
	efi_image efi_no_uart "console=none modes=hlt,off workloads=lz,matmul reps=2" || return 1
	boot_valid 0 efi_no_uart BOOT=efi EFI_IMG="$EFI_IMG" QEMU_EXTRA="-serial file:$com2" &&
		expect_line '^#= consoles=screen=framebuffer$' && expect_line '^#! end rows=8 status=ok ' || return 1
	grep -qE "^idlebench: no UART carried the stream during the run; the captured stream follows through the firmware's console \(ConOut; serial ports: 2, 2 behind ConOut, 0 written directly\)$" \
		"$BOOT_OUT" || fail "no notice of the replay through ConOut naming both serial ports" || return 1
	[ "$(grep -c '^#! idlebench ' "$BOOT_OUT")" -eq 1 ] || fail "the stream is not on COM1 exactly once" || return 1
	s2="$com2.stream"
	tr -d '\r' <"$com2" >"$com2.txt"
	stream_of "$com2.txt" >"$s2"
	[ "$(grep -c '^#! idlebench ' "$com2.txt")" -eq 1 ] || fail "the stream is not on COM2 exactly once" || return 1
	cmp -s "$s2" "$BOOT_OUT.stream" || fail "COM2's stream differs from COM1's" || return 1
	local f got="$QTEST_LOGS/efi_no_uart.csv"
	f=$(result_files "$EFI_IMG")
	rm -f "$got"
	[ -n "$f" ] && mcopy -n -i "$EFI_IMG" "$f" "$got" || fail "no result file" || return 1
	cmp -s "$got" "$BOOT_OUT.stream" || fail "the stream through the firmware console is not the saved file byte for byte"
}

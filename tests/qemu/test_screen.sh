# The screen a person at the machine sees, read back from the guest: the BIOS
# boot's VGA text buffer (0xB8000, saved with the monitor's pmemsave) and the
# UEFI application's GOP framebuffer (a screendump decoded cell by cell with
# the console font), at the end of a run that halts (exit=halt) so the last
# page stays up. What the screen says must be what the stream on serial says:
# the primary result's numbers are the `#! primary` records' strings, each
# mode's row the `#! geomean` records'; no row reaches the last column (the
# layout keeps it blank), so nothing wraps. The stream itself stays whole.

SCREEN_TOOL=tests/qemu/screen_tool.py

# screen_boot NAME MARKER [VAR=value ...]: boot like boot(), with a monitor
# socket, in the background; once MARKER (a fixed string) is on serial, save
# the screen ($QTEST_LOGS/NAME.vga: VGA text memory; NAME.ppm and NAME.png:
# screendumps) and quit QEMU. Every wait is bounded (QEMU_TIMEOUT, default 300 s).
screen_boot() {
	local name=$1 marker=$2 sock="$QTEST_LOGS/$1.sock" pid waited=0 limit
	shift 2
	BOOT_OUT="$QTEST_LOGS/$name.out"
	rm -f "$sock" "$QTEST_LOGS/$name".{vga,ppm,png} "$BOOT_OUT" "$BOOT_OUT.raw"
	limit=$(env "$@" sh -c 'echo ${QEMU_TIMEOUT:-300}')
	# straight to a file (a filter in between would hold the marker in its buffer)
	env QEMU_TIMEOUT="$limit" "$@" QEMU_EXTRA="-monitor unix:$sock,server=on,wait=off" \
		scripts/qemu-run.sh 2>"$QTEST_LOGS/$name.err" </dev/null >"$BOOT_OUT.raw" &
	pid=$!
	until grep -qF -- "$marker" "$BOOT_OUT.raw" 2>/dev/null; do
		if ! kill -0 "$pid" 2>/dev/null || [ "$waited" -ge "$limit" ]; then
			wait "$pid" 2>/dev/null
			tr -d '\r' <"$BOOT_OUT.raw" >"$BOOT_OUT"
			fail "no '$marker' on serial after ${waited}s (QEMU ended or timed out)"
			return 1
		fi
		sleep 1
		waited=$((waited + 1))
	done
	# relative: HMP reads "4000 /tmp/x" as the expression 4000 / tmp
	local vga
	vga=$(realpath -m --relative-to=. "$QTEST_LOGS/$name.vga")
	python3 "$SCREEN_TOOL" monitor "$sock" 60 \
		"pmemsave 0xb8000 4000 $vga" \
		"screendump $QTEST_LOGS/$name.ppm" \
		"screendump $QTEST_LOGS/$name.png -f png" quit
	wait "$pid"
	tr -d '\r' <"$BOOT_OUT.raw" >"$BOOT_OUT"
	[ -s "$QTEST_LOGS/$name.ppm" ] && [ -s "$QTEST_LOGS/$name.png" ] || fail "the monitor saved no screendump"
}

# screen_text NAME KIND: the screen's rows as text into $QTEST_LOGS/NAME.txt
# (KIND vga: from the text buffer; ppm: from the screendump).
screen_text() {
	SCREEN_TXT="$QTEST_LOGS/$1.txt"
	if [ "$2" = vga ]; then
		python3 "$SCREEN_TOOL" vga "$QTEST_LOGS/$1.vga" >"$SCREEN_TXT"
	else
		python3 "$SCREEN_TOOL" ppm "$QTEST_LOGS/$1.ppm" "${BUILD:-build}/gen/font_glyphs.h" >"$SCREEN_TXT"
	fi || fail "could not read the screen of $1 back"
}

screen_fail() {
	echo "$*" >&2
	echo "--- screen ($SCREEN_TXT):" >&2
	sed 's/ *$//' "$SCREEN_TXT" >&2
	return 1
}

# screen_has TEXT: some row holds TEXT (a fixed string).
screen_has() {
	grep -qF -- "$1" "$SCREEN_TXT" || screen_fail "the screen lacks: $1"
}

# No row reaches the last column, and every cell is a character of the font.
screen_unwrapped() {
	local bad
	bad=$(awk '{ if (substr($0, length($0), 1) != " ") print NR ": " $0 }' "$SCREEN_TXT")
	[ -z "$bad" ] || screen_fail "rows reach the last column (cut or wrapped): $bad" || return 1
	! grep -q $'\x7f' "$SCREEN_TXT" || screen_fail "cells that are no character of the font"
}

# The estimate as the result page writes it from a record's fields.
estimate_text() { # RECORD-LINE
	local v lo hi
	v=$(sed -n 's/.* slowdown_vs_hlt_pct=\([^ ]*\).*/\1/p' <<<"$1")
	lo=$(sed -n 's/.* ci95_lo=\([^ ]*\).*/\1/p' <<<"$1")
	hi=$(sed -n 's/.* ci95_hi=\([^ ]*\).*/\1/p' <<<"$1")
	if [ -z "$v" ]; then echo "n/a"
	elif [ -z "$lo" ] || [ -z "$hi" ]; then echo "$v (no CI)"
	else echo "$v [$lo, $hi]"; fi
}

# A primary estimate as the result page writes it: without an interval the
# record's note says why (never the seed's figure beside it).
primary_text() { # RECORD-LINE
	local lo note
	lo=$(sed -n 's/.* ci95_lo=\([^ ]*\).*/\1/p' <<<"$1")
	note=$(sed -n 's/.* note="\([^"]*\)".*/\1/p' <<<"$1")
	if [ -z "$lo" ] && [ -n "$(sed -n 's/.* slowdown_vs_hlt_pct=\([^ ]*\).*/\1/p' <<<"$1")" ]; then
		echo "$(sed -n 's/.* slowdown_vs_hlt_pct=\([^ ]*\).*/\1/p' <<<"$1") (no interval: ${note:-the record gives no reason})"
	else
		estimate_text "$1"
	fi
}

# The result page says what the stream's records say: the primary result per
# class, each mode's int geomean in its table row, the serial console.
screen_matches_stream() {
	local stream="$BOOT_OUT.stream" rec cls mode n=0 row
	stream_of "$BOOT_OUT" >"$stream"
	screen_has "DONE: ok" || return 1
	while IFS= read -r rec; do
		cls=$(sed -n 's/.* class=\([a-z]*\) .*/\1/p' <<<"$rec")
		printf -v row '  %-4s%s' "$cls" "$(primary_text "$rec")"
		awk -v r="$row" 'index($0, r) == 1 { f = 1 } END { exit !f }' "$SCREEN_TXT" ||
			screen_fail "no row '$row' for the record: $rec" || return 1
		n=$((n + 1))
	done < <(grep '^#! primary ' "$stream")
	[ "$n" -eq 2 ] || fail "expected 2 primary records (int, fp), got $n" || return 1
	while IFS= read -r rec; do
		mode=$(sed -n 's/.* mode=\([a-z0-9]*\) .*/\1/p' <<<"$rec")
		row=$(grep -E -- "^  $mode +" "$SCREEN_TXT")
		[[ "$row" == *"$(estimate_text "$rec")"* ]] ||
			screen_fail "mode $mode's row lacks its int geomean $(estimate_text "$rec")" || return 1
	done < <(grep '^#! geomean class=int ' "$stream")
	grep -q '^#= consoles=ttyS0=io:0x3f8:115200 ' "$stream" || fail "COM1 did not carry the stream" || return 1
	screen_has "full result: serial ttyS0 (io 0x3f8, 115200 baud)"
}

qtest_screen_bios_vga_result_page_fits_80x25_and_says_what_the_primary_records_say() {
	screen_boot screen_bios "safe to power off" BOOT=bios CMDLINE="preset=quick exit=halt" || return 1
	expect_valid_stream || return 1
	# the stream's human lines are still on serial: the contract is unchanged
	expect_line '^#  idlebench .* booted via bios' && expect_line '^#  primary result: ' || return 1
	screen_text screen_bios vga && screen_unwrapped && screen_matches_stream || return 1
	screen_has "PRIMARY RESULT" && screen_has "seed (Hygon 18h): UnixBench 1-core +14.53 %" &&
		screen_has "flags: " && screen_has "idlebench: results complete - safe to power off" || return 1
	# the raw stream is not on screen
	! grep -q '^#[!=] ' "$SCREEN_TXT" || screen_fail "raw stream lines on screen"
}

qtest_screen_efi_gop_result_page_names_the_saved_file_and_says_what_the_records_say() {
	local img="$QTEST_LOGS/screen_efi.img"
	rm -f "$img"
	scripts/make-efi-img.sh "${BUILD:-build}/idlebench.efi" "preset=quick exit=halt" "$img" >/dev/null ||
		fail "make-efi-img.sh failed" || return 1
	screen_boot screen_efi "press any key to return to the firmware" BOOT=efi EFI_IMG="$img" || return 1
	expect_valid_stream || return 1
	screen_text screen_efi ppm && screen_unwrapped && screen_matches_stream || return 1
	local file
	file=$(sed -n 's/^idlebench: results saved to \(.*\) ([0-9]* bytes)$/\1/p' "$BOOT_OUT")
	[ -n "$file" ] || fail "the app did not save the result" || return 1
	screen_has "and a file on the stick, in \\idlebench\\results\\:" && screen_has "  ${file##*\\}"
}

qtest_screen_fault_shows_the_failure_page_with_the_exception_and_registers() {
	screen_boot screen_fault "safe to power off" BOOT=pvh CMDLINE="selftest=gp exit=halt" || return 1
	expect_line '^#! error code=CPU_EXCEPTION ' && expect_line '^#! end rows=0 status=error ' || return 1
	screen_text screen_fault vga && screen_unwrapped || return 1
	local rip
	rip=$(sed -n 's/^#! error code=CPU_EXCEPTION .* rip=0x0*\([0-9a-f]*\) .*/\1/p' "$BOOT_OUT")
	screen_has "FAILED: status=error" && screen_has "RUN FAILED (status=error)" &&
		screen_has "  CPU_EXCEPTION: " && screen_has "CPU EXCEPTION #GP" && screen_has "$rip"
}

# Secure Boot: idlebench.efi signed as `make sign` signs it (scripts/sign-efi.sh)
# runs under firmware that enforces Secure Boot and saves its result; the
# unsigned image is refused.
# The firmware is Debian's OVMF_CODE_4M.snakeoil.fd with a fresh copy of
# OVMF_VARS_4M.snakeoil.fd, whose db holds the test certificate
# /usr/share/ovmf/PkKek-1-snakeoil.pem (its key is encrypted with the
# password "snakeoil").

SB_CODE=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd
SB_VARS=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd
SB_CERT=/usr/share/ovmf/PkKek-1-snakeoil.pem
SB_KEY=/usr/share/ovmf/PkKek-1-snakeoil.key

# sb_prerequisites: the firmware pair, the test key and the tools, or fail naming what is missing.
sb_prerequisites() {
	local f t
	for f in "$SB_CODE" "$SB_VARS" "$SB_CERT" "$SB_KEY"; do
		[ -r "$f" ] || fail "$f missing (package ovmf; scripts/install-deps.sh)" || return 1
	done
	for t in sbsign sbverify openssl; do
		command -v "$t" >/dev/null || fail "$t missing (scripts/install-deps.sh)" || return 1
	done
}

# sb_vars NAME: a fresh writable copy of the enrolled variable store, in $SB_VARS_COPY.
sb_vars() {
	SB_VARS_COPY="$QTEST_LOGS/$1.vars.fd"
	cp "$SB_VARS" "$SB_VARS_COPY" && chmod u+w "$SB_VARS_COPY" || fail "cannot copy $SB_VARS"
}

# serial_text FILE: the serial output without \r and terminal escapes.
serial_text() {
	tr -d '\r' <"$1" | sed 's/\x1b\[[0-9;=?]*[A-Za-z]//g'
}

# boot_until NAME REGEX SECONDS [VAR=value ...]: boot with qemu-run.sh in the
# background and stop it as soon as a line of its serial output matches
# REGEX, or after SECONDS; the text is in $QTEST_LOGS/NAME.out ($BOOT_OUT).
# GNU timeout (without --foreground) runs qemu-run.sh and QEMU in a process
# group of their own and passes its SIGTERM to all of them.
boot_until() {
	local name=$1 re=$2 secs=$3 pid i
	shift 3
	BOOT_OUT="$QTEST_LOGS/$name.out"
	timeout -k 5 "$secs" env QEMU_TIMEOUT=$((secs + 60)) "$@" scripts/qemu-run.sh \
		</dev/null >"$QTEST_LOGS/$name.raw" 2>"$QTEST_LOGS/$name.err" &
	pid=$!
	for ((i = 0; i < secs; i++)); do
		sleep 1
		serial_text "$QTEST_LOGS/$name.raw" >"$BOOT_OUT"
		grep -E -- "$re" "$BOOT_OUT" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	serial_text "$QTEST_LOGS/$name.raw" >"$BOOT_OUT"
}

qtest_secure_boot_signed_app_runs_saves_its_result_and_sees_secure_boot_on() {
	sb_prerequisites || return 1
	local dir="$QTEST_LOGS/secure_boot" out
	local signed="$dir/idlebench-signed.efi"
	rm -rf "$dir" && mkdir -p "$dir" && chmod 700 "$dir" || fail "cannot make $dir" || return 1
	openssl pkey -passin pass:snakeoil -in "$SB_KEY" -out "$dir/db.key" 2>"$dir/openssl.err" ||
		fail "cannot decrypt $SB_KEY: $(cat "$dir/openssl.err")" || return 1
	# The script behind `make sign` (tests/scripts/test_efi_signing.sh runs
	# the target): no make inside make test, no rebuild of the image others use.
	out=$(scripts/sign-efi.sh "$dir/db.key" "$SB_CERT" "${BUILD:-build}/idlebench.efi" "$signed" 2>&1)
	local rc=$?
	rm -f "$dir/db.key" # public test key, but no decrypted key is left lying around
	[ "$rc" -eq 0 ] || fail "sign-efi.sh failed: $out" || return 1
	out=$(sbverify --cert "$SB_CERT" "$signed" 2>&1) || fail "sbverify rejects $signed: $out" || return 1
	# Signing keeps what the build checked: the SBAT section and the NX claim.
	out=$(objdump -h "$signed")
	grep -E '^ +[0-9]+ \.sbat ' <<<"$out" >/dev/null || fail "no .sbat section in $signed" || return 1
	out=$(objdump -p "$signed")
	grep -E '^DllCharacteristics[[:space:]]+[0-9a-f]*[13579bdf][0-9a-f]{2}$' <<<"$out" >/dev/null ||
		fail "$signed does not claim NX_COMPAT (0x100)" || return 1

	local img="$QTEST_LOGS/sb_signed.img" got="$QTEST_LOGS/sb_signed.csv" files
	scripts/make-efi-img.sh "$signed" "run=platform" "$img" >/dev/null || fail "make-efi-img.sh failed" || return 1
	sb_vars sb_signed || return 1
	boot_valid 0 sb_signed BOOT=efi EFI_IMG="$img" OVMF_SB_VARS="$SB_VARS_COPY" QEMU_TIMEOUT=300 &&
		expect_line '^#= boot=efi$' && expect_line '^#= secure_boot=1$' || return 1
	grep -qF 'idlebench: results saved to \idlebench\results\' "$BOOT_OUT" || fail "no 'results saved' line" || return 1
	files=$(result_files "$img")
	[ "$(printf '%s\n' "$files" | grep -c .)" -eq 1 ] || fail "expected one result file, got: $files" || return 1
	rm -f "$got"
	mcopy -n -i "$img" "$files" "$got" || fail "mcopy $files failed" || return 1
	out=$("${BUILD:-build}/host/idlebench" check "$got" 2>&1) || fail "idlebench check rejects $got: $out" || return 1
	grep -x '#= secure_boot=1' "$got" >/dev/null || fail "the saved file lacks secure_boot=1"
}

qtest_secure_boot_firmware_refuses_the_unsigned_app() {
	sb_prerequisites || return 1
	local img="$QTEST_LOGS/sb_unsigned.img"
	# What EDK2's BdsDxe prints when LoadImage fails the db check (EFI_ACCESS_DENIED).
	local refused='BdsDxe: failed to load Boot[0-9A-F]{4} "UEFI QEMU HARDDISK [^"]*" from [^ ]+: Access Denied$'
	scripts/make-efi-img.sh "${BUILD:-build}/idlebench.efi" "run=platform" "$img" >/dev/null ||
		fail "make-efi-img.sh failed" || return 1
	sb_vars sb_unsigned || return 1
	boot_until sb_unsigned "$refused" 180 BOOT=efi EFI_IMG="$img" OVMF_SB_VARS="$SB_VARS_COPY"
	grep -E -- "$refused" "$BOOT_OUT" >/dev/null ||
		fail "no Secure Boot refusal of the disk's BOOTX64.EFI (waited until QEMU ended or 180 s)" || return 1
	! grep -F '#! idlebench ' "$BOOT_OUT" >/dev/null || fail "the unsigned app ran under Secure Boot" || return 1
	[ -z "$(result_files "$img")" ] || fail "a result file exists: $(result_files "$img")"
}

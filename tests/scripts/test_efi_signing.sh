# The Secure Boot side of the idlebench.efi build without booting anything:
# scripts/check-efi-image.sh holds the image to its SBAT section and its
# NX_COMPAT claim (tampered copies of the real build must fail it), and
# signing (scripts/sign-efi.sh, `make sign`) either gives a whole signed image
# that sbverify accepts or no file at all. Booting the signed image under
# Secure Boot: tests/qemu/test_secure_boot.sh. Needs `make efi` first.

# efi_from_so SO OUT: the PE image the build makes of SO (mk/uefi.mk's objcopy and pe_nx_compat).
efi_from_so() {
	objcopy -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela -j '.rel.*' -j '.rela.*' \
		-j .reloc -j .sbat --strip-all --target efi-app-x86_64 --subsystem=10 "$1" "$2" &&
		"${BUILD:-build}/gen/pe_nx_compat" "$2"
}

stest_check_efi_image_accepts_the_build_with_its_sbat_lines_and_nx_compat() {
	local b=${BUILD:-build} tmp out
	scripts/check-efi-image.sh "$b/idlebench.so" "$b/idlebench.efi" || { echo "the built image fails the check"; return 1; }
	tmp=$(mktemp)
	objcopy -O binary -j .sbat "$b/idlebench.efi" "$tmp"
	out=$(cat "$tmp")
	rm -f "$tmp"
	[ "$(grep -c . <<<"$out")" -eq 2 ] &&
		[ "$(sed -n 1p <<<"$out")" = "sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md" ] &&
		grep -E '^idlebench,1,idlebench,idlebench,[0-9]+\.[0-9]+\.[0-9]+[^,]*,[^,]+$' <<<"$out" >/dev/null ||
		{ echo "unexpected .sbat contents: $out"; return 1; }
	out=$(objdump -p "$b/idlebench.efi")
	grep -E '^DllCharacteristics[[:space:]]+00000100$' <<<"$out" >/dev/null || { echo "no NX_COMPAT alone: $(grep DllChar <<<"$out")"; return 1; }
}

stest_check_efi_image_refuses_nx_compat_with_a_writable_executable_section() {
	local b=${BUILD:-build} d out
	d=$(mktemp -d)
	objcopy --set-section-flags .data=alloc,load,contents,code "$b/idlebench.so" "$d/wx.so" && efi_from_so "$d/wx.so" "$d/wx.efi" ||
		{ echo "could not make the W+X copy"; rm -rf "$d"; return 1; }
	out=$(scripts/check-efi-image.sh "$d/wx.so" "$d/wx.efi" 2>&1) && { echo "a W+X .data passed with NX_COMPAT"; rm -rf "$d"; return 1; }
	rm -rf "$d"
	grep -F 'claims NX_COMPAT but these sections are writable and executable: .data' <<<"$out" >/dev/null ||
		{ echo "wrong reason: $out"; return 1; }
}

stest_check_efi_image_refuses_nx_compat_with_relocations_into_read_only_data() {
	local b=${BUILD:-build} d out
	d=$(mktemp -d)
	cp "$b/idlebench.efi" "$d/ro.efi"
	# Clear IMAGE_SCN_MEM_WRITE (0x80000000) in .data's section header (PE/COFF "Section Table").
	python3 - "$d/ro.efi" <<'PY' || { echo "could not patch the copy"; rm -rf "$d"; return 1; }
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
pe = struct.unpack_from("<I", b, 0x3C)[0]
n, opt = struct.unpack_from("<H", b, pe + 6)[0], struct.unpack_from("<H", b, pe + 20)[0]
for i in range(n):
    o = pe + 24 + opt + 40 * i
    if b[o:o + 8].rstrip(b"\0") == b".data":
        struct.pack_into("<I", b, o + 36, struct.unpack_from("<I", b, o + 36)[0] & ~0x80000000)
        open(sys.argv[1], "wb").write(b)
        sys.exit(0)
sys.exit(1)
PY
	out=$(scripts/check-efi-image.sh "$b/idlebench.so" "$d/ro.efi" 2>&1) && { echo "relocations into a read-only .data passed"; rm -rf "$d"; return 1; }
	rm -rf "$d"
	grep -F 'claims NX_COMPAT but relocations patch read-only memory at:' <<<"$out" >/dev/null ||
		{ echo "wrong reason: $out"; return 1; }
}

stest_check_efi_image_refuses_an_image_without_sbat() {
	local b=${BUILD:-build} d out
	d=$(mktemp -d)
	objcopy -R .sbat "$b/idlebench.efi" "$d/nosbat.efi"
	out=$(scripts/check-efi-image.sh "$b/idlebench.so" "$d/nosbat.efi" 2>&1) && { echo "no .sbat passed"; rm -rf "$d"; return 1; }
	rm -rf "$d"
	grep -F 'has no .sbat section with SBAT metadata' <<<"$out" >/dev/null || { echo "wrong reason: $out"; return 1; }
}

stest_pe_nx_compat_refuses_a_file_that_is_not_pe32plus() {
	local d out
	d=$(mktemp -d)
	printf 'not a PE image at all, just text long enough to have a 0x3C field...........\n' >"$d/x.efi"
	cp "$d/x.efi" "$d/before"
	out=$("${BUILD:-build}/gen/pe_nx_compat" "$d/x.efi" 2>&1) && { echo "text accepted as PE"; rm -rf "$d"; return 1; }
	cmp -s "$d/x.efi" "$d/before" || { echo "the refused file was changed"; rm -rf "$d"; return 1; }
	rm -rf "$d"
	grep -F 'is not a PE image' <<<"$out" >/dev/null || { echo "wrong reason: $out"; return 1; }
}

stest_make_sign_without_key_or_cert_says_so_and_builds_nothing() {
	local d out
	d=$(mktemp -d)
	out=$(make -s sign BUILD="$d" KEY=some.key 2>&1) && { echo "make sign without CERT succeeded"; rm -rf "$d"; return 1; }
	grep -F 'make sign needs the signing key and its certificate (PEM): make sign KEY=db.key CERT=db.crt' <<<"$out" >/dev/null ||
		{ echo "unclear error: $out"; rm -rf "$d"; return 1; }
	[ -z "$(ls -A "$d")" ] || { echo "make sign without CERT wrote: $(ls -A "$d")"; rm -rf "$d"; return 1; }
	rm -rf "$d"
}

stest_sign_efi_gives_a_verified_image_or_no_file() {
	local b=${BUILD:-build} d out
	d=$(mktemp -d)
	# A throw-away key and self-signed certificate, and a second key that does not match it.
	openssl req -x509 -newkey rsa:2048 -nodes -keyout "$d/db.key" -out "$d/db.crt" -days 1 -subj "/CN=idlebench test" \
		>/dev/null 2>&1 && openssl genpkey -algorithm RSA -out "$d/other.key" >/dev/null 2>&1 ||
		{ echo "openssl could not make test keys"; rm -rf "$d"; return 1; }
	out=$(scripts/sign-efi.sh "$d/db.key" "$d/db.crt" "$b/idlebench.efi" "$d/signed.efi" 2>&1) ||
		{ echo "signing failed: $out"; rm -rf "$d"; return 1; }
	out=$(sbverify --cert "$d/db.crt" "$d/signed.efi" 2>&1) || { echo "sbverify rejects it: $out"; rm -rf "$d"; return 1; }
	scripts/check-efi-image.sh "$b/idlebench.so" "$d/signed.efi" || { echo "the signed image fails the image check"; rm -rf "$d"; return 1; }
	# The wrong key: sbsign refuses or sbverify does; either way no file, not even the old one.
	out=$(scripts/sign-efi.sh "$d/other.key" "$d/db.crt" "$b/idlebench.efi" "$d/signed.efi" 2>&1) &&
		{ echo "signing with a key that does not match the certificate succeeded"; rm -rf "$d"; return 1; }
	[ ! -e "$d/signed.efi" ] && [ ! -e "$d/signed.efi.tmp" ] || { echo "a file was left: $(ls "$d")"; rm -rf "$d"; return 1; }
	grep -E '^sign-efi: ' <<<"$out" >/dev/null || { echo "no sign-efi error: $out"; rm -rf "$d"; return 1; }
	rm -rf "$d"
}

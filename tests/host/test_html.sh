# `idlebench report --html` in a real browser (sourced by
# tests/run-all.sh after tests/qemu/lib.sh; each htest_* function is one
# test). Headless Chromium (Debian package chromium) loads the page from the
# example results, takes a screenshot, and its DOM and console are checked by
# tests/host/html_check.py. Where Chromium cannot run, each test says
# "skipped: why" and run-all.sh counts it as skipped, not passed.

HTML_CHECK=tests/host/html_check.py
# The example results with the kernel's own `#! primary` records.
HTML_EXAMPLES=(docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv
	docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv
	tests/fixtures/results/qemu_quick_mwait_not_idle.csv)

# chromium_missing: true (and says "skipped: why") when this host cannot run headless Chromium.
chromium_missing() {
	if ! command -v chromium >/dev/null; then
		echo "skipped: no chromium (Debian package chromium; scripts/install-deps.sh)" >&2
		return 0
	fi
	if ! command -v python3 >/dev/null; then
		echo "skipped: no python3 to read the DOM" >&2
		return 0
	fi
	return 1
}

# chromium_load PAGE OUT_PREFIX [--screenshot]: load PAGE headless; the DOM
# in OUT_PREFIX.dom, stderr (console messages as INFO:CONSOLE lines) in
# OUT_PREFIX.log, the screenshot in OUT_PREFIX.png when asked. A private
# profile per call, so concurrent runs do not share one.
chromium_load() {
	local page=$1 out=$2 profile rc
	profile=$(mktemp -d)
	local args=(--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$profile"
		--enable-logging=stderr --v=0 --window-size=1400,2600)
	if [ "${3:-}" = --screenshot ]; then
		timeout 120 chromium "${args[@]}" --screenshot="$out.png" "file://$(realpath "$page")" \
			>/dev/null 2>"$out.shot.log"
		rc=$?
		[ "$rc" -eq 0 ] || { rm -rf "$profile"; fail "chromium --screenshot exited $rc: $(tail -3 "$out.shot.log")"; return 1; }
	fi
	timeout 120 chromium "${args[@]}" --dump-dom "file://$(realpath "$page")" >"$out.dom" 2>"$out.log"
	rc=$?
	rm -rf "$profile"
	[ "$rc" -eq 0 ] || fail "chromium --dump-dom exited $rc: $(tail -3 "$out.log")"
}

htest_html_primary_numbers_in_chromium_equal_the_streams_primary_records() {
	chromium_missing && return 0
	local f out
	for f in "${HTML_EXAMPLES[@]}"; do
		out="$QTEST_LOGS/html_primary_$(basename "$f" .csv)"
		BOOT_OUT="$out.html"
		"${BUILD:-build}/host/idlebench" report --html "$out.html" "$f" >/dev/null ||
			fail "idlebench report --html $f failed" || return 1
		chromium_load "$out.html" "$out" || return 1
		python3 "$HTML_CHECK" primary "$out.dom" "$f" || fail "primary numbers differ on $f" || return 1
		python3 "$HTML_CHECK" console "$out.log" || fail "console messages on $f's page" || return 1
	done
}

# Every example result (three boots, two sets, schemas 1 and 2) on one page:
# the screenshot the README shows, no console message, the page's two sets.
htest_html_example_page_renders_with_no_console_message_and_a_screenshot() {
	chromium_missing && return 0
	local out="$QTEST_LOGS/html_examples"
	BOOT_OUT="$out.html" # what lib.sh's fail() shows
	"${BUILD:-build}/host/idlebench" report --html "$out.html" docs/examples/*.csv >/dev/null ||
		fail "idlebench report --html docs/examples/*.csv failed" || return 1
	chromium_load "$out.html" "$out" --screenshot || return 1
	python3 "$HTML_CHECK" console "$out.log" || fail "console messages on the example page" || return 1
	[ "$(head -c 8 "$out.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
		fail "the screenshot $out.png is not a PNG" || return 1
	[ "$(stat -c %s "$out.png")" -gt 20000 ] || fail "the screenshot $out.png is nearly empty" || return 1
	[ "$(grep -c '<section class="set"' "$out.dom")" = 2 ] || fail "the DOM does not hold the two sets" || return 1
	grep -q 'QEMU TCG: an emulator' "$out.dom" || fail "the TCG flag is not on the page"
}

# The two example boots of one plan pooled: boot 2's own A/A control failed
# (its `#! control mode=hlt2 ... verdict=fail` record), the pool's interval is
# too wide to fail; the page Chromium renders names that boot in a red flag
# above the primary result.
htest_html_pooled_boots_flag_the_boot_whose_control_failed() {
	chromium_missing && return 0
	local out="$QTEST_LOGS/html_failed_boot"
	BOOT_OUT="$out.html"
	"${BUILD:-build}/host/idlebench" report --html "$out.html" "${HTML_EXAMPLES[0]}" "${HTML_EXAMPLES[1]}" >/dev/null ||
		fail "idlebench report --html on the two example boots failed" || return 1
	chromium_load "$out.html" "$out" || return 1
	python3 "$HTML_CHECK" banner "$out.dom" "${HTML_EXAMPLES[0]}" "${HTML_EXAMPLES[1]}" ||
		fail "the failed boot is not flagged at the top of the set" || return 1
	python3 "$HTML_CHECK" console "$out.log" || fail "console messages on the pooled page"
}

# A stream whose product, brand and hypervisor strings carry markup: the page
# shows them as text (no element, no script runs, nothing is fetched).
htest_html_hostile_stream_strings_stay_text_in_chromium() {
	chromium_missing && return 0
	local out="$QTEST_LOGS/html_hostile"
	BOOT_OUT="$out.html"
	python3 - "${HTML_EXAMPLES[1]}" "$out.csv" <<'PY' || fail "could not write the hostile stream" || return 1
import re, sys, zlib
src, dst = sys.argv[1:]
hostile = '</td><script>console.error("injected")</script><img src=x onerror=console.error(1)>"\'&'
lines = open(src, encoding="utf-8").read().split("\n")
for i, l in enumerate(lines):
    for key in ("smbios_product", "cpu_brand", "hypervisor"):
        if l.startswith(f"#= {key}="):
            lines[i] = f"#= {key}={hostile}"
end = next(i for i, l in enumerate(lines) if l.startswith("#! end "))
body = "\n".join(lines[:end]) + "\n"
lines[end] = re.sub(r"crc32=[0-9a-f]{8}", "crc32=%08x" % zlib.crc32(body.encode()), lines[end])
open(dst, "w", encoding="utf-8").write("\n".join(lines))
PY
	"${BUILD:-build}/host/idlebench" report --html "$out.html" "$out.csv" >/dev/null ||
		fail "idlebench report --html on the hostile stream failed" || return 1
	grep -q 'console.error(&quot;injected&quot;)' "$out.html" || fail "the hostile string is not on the page, escaped" || return 1
	chromium_load "$out.html" "$out" || return 1
	python3 "$HTML_CHECK" inert "$out.dom" || fail "markup from the stream became elements" || return 1
	python3 "$HTML_CHECK" console "$out.log" || fail "console messages on the hostile page"
}

# The console check itself: a page with a failing script must be caught.
htest_html_console_check_catches_a_script_error() {
	chromium_missing && return 0
	local out="$QTEST_LOGS/html_negative"
	BOOT_OUT="$out.html"
	printf '<!DOCTYPE html><html><body><script>console.error("expected"); no_such_fn();</script></body></html>\n' \
		>"$out.html"
	chromium_load "$out.html" "$out" || return 1
	! python3 "$HTML_CHECK" console "$out.log" 2>/dev/null || fail "a page with console.error passed the console check" || return 1
	! python3 "$HTML_CHECK" inert "$out.dom" 2>/dev/null || fail "a page with a script passed the inert check"
}

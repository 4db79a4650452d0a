# `idlebench report --by=machine|model PATH…` on result trees written by
# tests/fixtures/fleet/generate_fleet.py (24 synthetic machines of four CPU
# models, 10 boots each: 240 verified streams, per-machine effects known and
# listed in truth.txt): the machines with a true effect are the ones marked,
# none is marked in a fleet without effects, each model's interval covers its
# true mean, and a tree with bad files names each once with its reason and
# counts none. The rates over many fleets are test_report_fleet's (C,
# simulated through the same functions). Run from the repository root
# (build/host built by `make host`).

FLEET_BIN="${BUILD:-build}/host/idlebench"
FLEET_GEN=tests/fixtures/fleet/generate_fleet.py

# The machine_ids a --by=machine table marks ("*" first cell), sorted.
fleet_marked() {
	awk '$1 == "*" && $2 ~ /^[0-9a-f]{16}$/ { print $2 }' | sort
}

stest_fleet_by_machine_marks_exactly_the_machines_with_a_true_effect() {
	local dir out want got
	dir=$(mktemp -d)
	python3 "$FLEET_GEN" "$dir" --seed 7 || { echo "generator failed"; rm -rf "$dir"; return 1; }
	[ "$(find "$dir" -name '*.csv' | wc -l)" -ge 200 ] || { echo "fewer than 200 files"; rm -rf "$dir"; return 1; }
	out=$("$FLEET_BIN" report --by=machine "$dir") || { echo "report --by=machine exited $?"; rm -rf "$dir"; return 1; }
	grep -q "^fleet by machine: 24 machines in 1 group from 240 files" <<<"$out" ||
		{ echo "header wrong: $(head -1 <<<"$out")"; rm -rf "$dir"; return 1; }
	want=$(awk '$2 != 0 || $3 != 0 { print $1 }' "$dir/truth.txt" | sort)
	rm -rf "$dir"
	[ "$(wc -l <<<"$want")" = 9 ] || { echo "truth.txt does not list 9 machines with an effect"; return 1; }
	# A machine whose A/A or spike-in failed (5 % each by chance) is in no
	# test: its intervals do not hold. Every other machine with an effect is
	# marked, and no machine without one.
	local untrusted
	untrusted=$(awk '$1 ~ /^[0-9a-f]{16}$/ && /UNTRUSTWORTHY/ { print $1 }' <<<"$out" | sort)
	want=$(comm -23 <(echo "$want") <(echo "$untrusted"))
	[ "$(wc -l <<<"$want")" -ge 6 ] || { echo "fewer than 6 testable machines with an effect"; return 1; }
	got=$(fleet_marked <<<"$out")
	[ "$got" = "$want" ] || { echo "marked machines differ from the truth: marked [$got], truth [$want]"; return 1; }
	# sorted by effect: the marked rows come first
	awk -v n="$(wc -l <<<"$want")" '($1 == "*" || ($1 ~ /^[0-9a-f]{16}$/ && !/UNTRUSTWORTHY/)) && ++k <= n && $1 != "*" { bad = 1 }
		END { exit bad }' <<<"$out" || { echo "the marked machines are not the first rows"; return 1; }
}

stest_fleet_by_machine_marks_none_when_every_effect_is_0() {
	local dir out
	dir=$(mktemp -d)
	python3 "$FLEET_GEN" "$dir" --seed 11 --null || { echo "generator failed"; rm -rf "$dir"; return 1; }
	out=$("$FLEET_BIN" report --by=machine "$dir") || { echo "report --by=machine exited $?"; rm -rf "$dir"; return 1; }
	rm -rf "$dir"
	[ -z "$(fleet_marked <<<"$out")" ] || { echo "marked in a fleet without effects: $(fleet_marked <<<"$out")"; return 1; }
	grep -q "Holm over this group's [0-9]* int and fp results" <<<"$out" || { echo "no Holm line"; return 1; }
}

stest_fleet_by_model_interval_covers_each_models_true_mean() {
	local dir out
	dir=$(mktemp -d)
	python3 "$FLEET_GEN" "$dir" --seed 7 || { echo "generator failed"; rm -rf "$dir"; return 1; }
	out=$("$FLEET_BIN" report --by=model "$dir" --html "$dir/page.html") ||
		{ echo "report --by=model exited $?"; rm -rf "$dir"; return 1; }
	echo "$out" >"$dir/out.txt"
	# the machines --by=model leaves out (a failed control), from --by=machine's rows
	"$FLEET_BIN" report --by=machine "$dir" | awk '$1 ~ /^[0-9a-f]{16}$/ && /UNTRUSTWORTHY/ { print $1 }' \
		>"$dir/untrusted.txt"
	python3 - "$dir/truth.txt" "$dir/out.txt" "$dir/untrusted.txt" <<'PY' || { rm -rf "$dir"; return 1; }
import math, re, sys
models = {"0x18/0x0": 0, "0x18/0x2": 1, "0x17/0x31": 2, "0x19/0x21": 3}
truth = {}
left_out = set(open(sys.argv[3]).read().split())
for line in open(sys.argv[1]):
    machine, i, f, m = line.split()
    if machine not in left_out:
        truth.setdefault(int(m), []).append((float(i), float(f)))
rows = [l for l in open(sys.argv[2]) if re.match(r"^    (HygonGenuine|AuthenticAMD) ", l)]
assert len(rows) == 4, rows
# Each of the 8 intervals covers its truth with 95 %, so all 8 do in only
# about 0.95^8 = 66 % of fleets: requiring all would pass by the seed. One
# miss is allowed (all 8 or 7 of them: 94 %); two or more in one fleet say
# the intervals are too narrow. The coverage rate itself is
# test_report_fleet's (1600 intervals).
misses = []
for l in rows:
    c = l.split()
    m = models[c[1]]
    assert c[3] == "6" and c[4] == "60", l  # machines, boots
    for k, (v, lo, hi) in enumerate([(c[5], c[6], c[7]), (c[8], c[9], c[10])]):
        lo, hi = float(lo.strip("[,")), float(hi.strip("]"))
        # the model's true mean: the mean of its pooled machines' true effects (log scale)
        mean = sum(e[k] for e in truth[m]) / len(truth[m])
        pct = (math.exp(mean) - 1) * 100
        if not lo <= pct <= hi:
            misses.append((l.strip(), k, pct))
assert len(misses) <= 1, misses
print("ok, %d of 8 intervals miss" % len(misses))
PY
	grep -q "<td>HygonGenuine 0x18/0x0</td>" "$dir/page.html" || { echo "the page has no model row"; rm -rf "$dir"; return 1; }
	rm -rf "$dir"
}

stest_fleet_names_each_bad_file_once_and_counts_none() {
	local dir err out one
	dir=$(mktemp -d)
	python3 "$FLEET_GEN" "$dir/t" --machines 20 --boots 10 --seed 3 || { echo "generator failed"; rm -rf "$dir"; return 1; }
	one=$(find "$dir/t" -name boot000.csv | sort | sed -n 1p)
	mkdir "$dir/t/zbad" # walked after the machines' directories: the copy is the second
	cp "$one" "$dir/t/zbad/copy.csv"                                      # duplicate
	head -c 3000 "$one" >"$dir/t/zbad/cut.csv"                             # no end record
	cp "$one" "$dir/t/zbad/run-INCOMPLETE.csv"                             # capture's name
	sed '1s/schema=2/schema=9/' "$one" >"$dir/t/zbad/schema9.csv"          # another schema
	echo "hello" >"$dir/t/zbad/notes.csv"                                  # not a stream
	# unreadable even as root, where chmod 000 stops nothing: a dangling symlink
	ln -s /nonexistent/boot.csv "$dir/t/zbad/gone.csv"
	# the fleet is printed and the exit status is 1, as for every command
	# that reads result files (docs/cli.md): a file was not used
	local rc
	out=$("$FLEET_BIN" report --by=machine "$dir/t" 2>"$dir/err")
	rc=$?
	[ $rc -eq 1 ] || { echo "report exited $rc, not 1"; rm -rf "$dir"; return 1; }
	err=$(cat "$dir/err")
	rm -rf "$dir"
	grep -q "^fleet by machine: 20 machines in 1 group from 200 files" <<<"$out" ||
		{ echo "bad files counted: $(head -1 <<<"$out")"; return 1; }
	[ "$(grep -c ': skipped, ' <<<"$err")" = 6 ] || { echo "not six lines naming a file:"; echo "$err"; return 1; }
	local f reason
	while IFS='|' read -r f reason; do
		[ "$(grep -c "/zbad/$f: skipped, $reason" <<<"$err")" = 1 ] ||
			{ echo "$f not named once with '$reason':"; echo "$err"; return 1; }
	done <<'EOF'
copy.csv|duplicate: the same boot as .*/boot000.csv
cut.csv|INCOMPLETE: 
run-INCOMPLETE.csv|INCOMPLETE: 
schema9.csv|another schema: 
notes.csv|not a stream: 
gone.csv|unreadable: No such file or directory
EOF
}

# --firmware-s only changes report's planning lines, which the fleet view
# does not print: with --by it is refused as a usage error, like --png and
# --format, never silently ignored.
stest_fleet_refuses_firmware_s() {
	local rc err
	err=$("$FLEET_BIN" report --by=machine --firmware-s 30 tests/fixtures/results 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 2 ] || { echo "--by with --firmware-s exited $rc"; return 1; }
	grep -q -- "--by takes --html, not --firmware-s" <<<"$err" || { echo "no reason: $err"; return 1; }
}

# Two schema 1 machines (no machine_id: keyed by CPU identity and SMBIOS
# product) whose products differ only after 300 characters are two
# machines, each of its file; the key was cut at 256 bytes, which made them
# one machine whose second file went to a set no row reads.
stest_fleet_long_identities_stay_two_machines() {
	local dir out
	dir=$(mktemp -d)
	python3 - tests/fixtures/results/known.csv "$dir" <<'PY' || { echo "fixture failed"; rm -rf "$dir"; return 1; }
import os, re, sys, zlib
src = open(sys.argv[1], "rb").read()
body = src[:src.rindex(b"#! end ")]
end = src[src.rindex(b"#! end "):].decode()
for tail in "XY":
    b = re.sub(rb"(?m)^#= smbios_product=.*$", b"#= smbios_product=" + b"P" * 300 + tail.encode(), body)
    os.makedirs(f"{sys.argv[2]}/{tail}")
    e = re.sub(r"crc32=[0-9a-f]+", f"crc32={zlib.crc32(b):08x}", end)
    open(f"{sys.argv[2]}/{tail}/boot.csv", "wb").write(b + e.encode())
PY
	out=$("$FLEET_BIN" report --by=machine "$dir" 2>"$dir/err") || { echo "report exited $?: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	[ ! -s "$dir/err" ] || { echo "a file not used: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	rm -rf "$dir"
	grep -q "^fleet by machine: 2 machines in 1 group from 2 files" <<<"$out" ||
		{ echo "not two machines: $(head -1 <<<"$out")"; return 1; }
	[ "$(grep -c "^     HygonGenuine/0x18/0x0/P\{300\}[XY] " <<<"$out")" = 2 ] || { echo "the rows:"; echo "$out"; return 1; }
}

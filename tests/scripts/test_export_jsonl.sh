# `idlebench export --jsonl`: a round trip checked by Python's own json and
# csv modules (not our parser): every row and every record of each fixture
# comes back, numeric columns as JSON numbers equal to the CSV cell, empty
# cells as null, ids as strings. Run from the repository root (build/host
# built by `make all`).

# edited_stream SRC DST OLD NEW [OLD NEW]...: SRC with each OLD replaced
# (once) by NEW (Python bytes escapes: \n, \xe9) and the end record's CRC
# recomputed, so the edited stream verifies.
edited_stream() {
	python3 - "$@" <<'PY'
import codecs, re, sys, zlib
d = open(sys.argv[1], 'rb').read()
pairs = [codecs.escape_decode(a)[0] for a in sys.argv[3:]]
for old, new in zip(pairs[::2], pairs[1::2]):
    assert old in d, old
    d = d.replace(old, new, 1)
i = d.rfind(b'#! end')
body, end = d[:i], d[i:].decode()
end = re.sub(r'crc32=[0-9a-f]{8}', 'crc32=%08x' % zlib.crc32(body), end)
open(sys.argv[2], 'wb').write(body + end.encode())
PY
}

stest_export_jsonl_round_trips_every_row_and_record() {
	local f out
	for f in tests/fixtures/results/plan_a_boot1.csv tests/fixtures/results/qemu_pvh_tcg.csv \
		tests/fixtures/results/host_bench.csv docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv; do
		out=$(mktemp)
		build/host/idlebench export --jsonl "$f" >"$out" || { echo "export failed on $f"; rm -f "$out"; return 1; }
		python3 - "$f" "$out" <<'PY' || { rm -f "$out"; return 1; }
import csv, json, re, sys
src, out = sys.argv[1], sys.argv[2]
objs = [json.loads(line) for line in open(out)]  # every line one JSON object, or this raises
text = open(src).read().replace("\r", "")
text = text[text.index("#! idlebench "):]
lines = text.split("\n")
numeric = {"seq", "rep", "iterations", "tsc_cycles", "ns", "cycles_per_iter", "aperf", "mperf", "eff_mhz",
           "sib_c0_pct", "sib_wakeups", "energy_uj", "instructions", "unhalted_cycles", "smis", "stall_cycles",
           "one_thread_active", "core_energy_uj"}
data = [l for l in lines if l and not l.startswith("#")]
header, rows = data[0].split(","), [r for r in csv.reader(data[1:])]
got_rows = [o for o in objs if o["type"] == "row"]
assert len(got_rows) == len(rows), (len(got_rows), len(rows))
for o, r in zip(got_rows, rows):
    for name, cell in zip(header, r):
        v = o[name]
        if cell == "":
            assert v is None, (name, v)
        elif name in numeric:
            assert type(v) in (int, float) and not isinstance(v, bool), (name, v)
            assert v == float(cell), (name, v, cell)
        else:
            assert v == cell, (name, v, cell)
recs = [l for l in lines if l.startswith("#! ") and not l.startswith("#! idlebench ")]
got_recs = [o for o in objs if o["type"] == "record"]
assert len(got_recs) == len(recs), (len(got_recs), len(recs))
for o, l in zip(got_recs, recs):
    typ, _, rest = l[3:].partition(" ")
    assert o["record"] == typ, (o["record"], typ)
    pairs = re.findall(r'([A-Za-z0-9_.]+)=("[^"]*"|\S*)', rest)
    for k, v in pairs:
        v = v.strip('"')
        key = "field_" + k if k in ("type", "file", "record", "line") or k.startswith("field_") else k
        got = o[key]
        if v == "":
            assert got is None, (k, got)
        elif isinstance(got, (int, float)) and not isinstance(got, bool):
            assert got == float(v), (k, got, v)
        else:
            assert got == v, (k, got, v)
meta = [o for o in objs if o["type"] == "meta"]
assert len(meta) == 1
keys = [l[3:].partition("=")[0] for l in lines if l.startswith("#= ")]
assert all(k in meta[0] for k in keys), [k for k in keys if k not in meta[0]]
for k in ("plan_id", "machine_id", "seed"):
    if meta[0].get(k) is not None:
        assert isinstance(meta[0][k], str), (k, meta[0][k])
print(src, "rows", len(rows), "records", len(recs), "meta", len(keys))
PY
		rm -f "$out"
	done
}

# A corrupted stream is refused: nothing on stdout, the reason on stderr, exit 1.
stest_export_jsonl_refuses_a_bad_stream() {
	local bad
	bad=$(mktemp)
	sed 's/^0,interp/0,interq/' tests/fixtures/results/plan_a_boot1.csv >"$bad"
	if build/host/idlebench export --jsonl "$bad" >"$bad.out" 2>"$bad.err"; then
		echo "a stream with a wrong CRC was exported"; rm -f "$bad" "$bad.out" "$bad.err"; return 1
	fi
	[ ! -s "$bad.out" ] || { echo "output written for a bad stream"; rm -f "$bad" "$bad.out" "$bad.err"; return 1; }
	rm -f "$bad" "$bad.out" "$bad.err"
}

# A stream whose strings carry bytes that are not UTF-8 (a Latin-1 DMI
# string: "caf\xe9") still exports as valid UTF-8 JSON (RFC 8259 8.1): the
# byte becomes \u00e9, and a well-formed UTF-8 sequence passes unchanged.
stest_export_jsonl_is_valid_utf8_whatever_the_stream_holds() {
	local src out
	src=$(mktemp)
	out=$(mktemp)
	edited_stream tests/fixtures/results/plan_a_boot1.csv "$src" '#= cpu_vendor=' \
		'#= smbios_note=caf\xe9 na\xc3\xafve\n#= cpu_vendor=' || { rm -f "$src" "$out"; return 1; }
	build/host/idlebench export --jsonl "$src" >"$out" || { echo "export failed"; rm -f "$src" "$out"; return 1; }
	python3 - "$out" <<'PY' || { rm -f "$src" "$out"; return 1; }
import json, sys
meta = [json.loads(l) for l in open(sys.argv[1], 'rb').read().decode('utf-8').splitlines()]
m = [o for o in meta if o.get('type') == 'meta'][0]
assert m['smbios_note'] == 'caf\u00e9 na\u00efve', m['smbios_note']
PY
	rm -f "$src" "$out"
}

# Stream keys named like the fixed keys ("type", "file", a record's "line")
# or starting with "field_" are renamed, so no object has two equal keys
# (Python's json keeps the last of two silently: a meta key "type" would
# turn the meta object into something else). Checked with a hook that
# rejects duplicate keys.
stest_export_jsonl_stream_keys_never_duplicate_the_fixed_keys() {
	local src out
	src=$(mktemp)
	out=$(mktemp)
	edited_stream tests/fixtures/results/plan_a_boot1.csv "$src" \
		'#= cpu_vendor=' '#= type=hostile\n#= file=also\n#= field_type=third\n#= cpu_vendor=' \
		'#! end ' '#! note line=7 type=x field_line=y\n#! end ' || { rm -f "$src" "$out"; return 1; }
	build/host/idlebench export --jsonl "$src" >"$out" || { echo "export failed"; rm -f "$src" "$out"; return 1; }
	python3 - "$out" <<'PY' || { rm -f "$src" "$out"; return 1; }
import json, sys
def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), "duplicate keys: %s" % [k for k in keys if keys.count(k) > 1]
    return dict(pairs)
objs = [json.loads(l, object_pairs_hook=no_duplicates) for l in open(sys.argv[1])]
m = [o for o in objs if o['type'] == 'meta']
assert len(m) == 1, len(m)
assert (m[0]['field_type'], m[0]['field_file'], m[0]['field_field_type']) == ('hostile', 'also', 'third'), m[0]
n = [o for o in objs if o['type'] == 'record' and o['record'] == 'note']
assert len(n) == 1 and n[0]['field_type'] == 'x' and n[0]['field_line'] == 7 and n[0]['field_field_line'] == 'y', n
PY
	rm -f "$src" "$out"
}

# `idlebench export --sqlite DB PATH...`: the database read back by others'
# code (Python's sqlite3 module and csv for the round trip, the `sqlite3`
# shell for the queries), never by our reader: every row, meta key and
# record of each file comes back; the queries a fleet user runs (rows per
# mode, medians, the per-model median of the primary result) give what
# `idlebench report` prints for the same files; a second export adds
# nothing; a schema 3 database takes schema 4 files; bad input is named.
# Run from the repository root (build/host built by `make host`). Sourced by
# tests/run-all.sh; each stest_* function is one test.

SQLITE_CLI=${BUILD:-build}/host/idlebench
# Real streams of every schema: QEMU runs (docs/examples, schemas 1 and 2),
# the report fixtures (schema 2), a QEMU quick run and a Linux guest run
# (schema 3, the latter with `#! excluded` rows).
SQLITE_STREAMS="docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261130T140438Z.csv
docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032134Z.csv
docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261201T032201Z.csv
tests/fixtures/results/plan_a_boot1.csv
tests/fixtures/results/qemu_quick_mwait_not_idle.csv
tests/fixtures/results/linux_guest_acpi_idle.csv"

# sqlite_schema4_stream SRC DST: the schema 3 stream SRC as schema 4 (header,
# `#= schema`, the five command columns appended, the first row's filled in:
# user_ns=1500 sys_ns=300 ctx_switches=7 exit_status=0 score=42.5), its end
# record's CRC recomputed so that it verifies.
sqlite_schema4_stream() {
	python3 - "$@" <<'PY'
import re, sys, zlib
text = open(sys.argv[1], 'rb').read().decode('latin-1').replace('\r', '')
text = text[text.index('#! idlebench '):]
body, end = text[:text.rindex('#! end')], text[text.rindex('#! end'):]
assert ' schema=3' in body.split('\n', 1)[0]
out, first = [], True
for line in body.split('\n'):
    if line.startswith('#! idlebench '):
        line = line.replace(' schema=3', ' schema=4')
    elif line == '#= schema=3':
        line = '#= schema=4'
    elif line.startswith('seq,'):
        line += ',user_ns,sys_ns,ctx_switches,exit_status,score'
    elif line and not line.startswith('#'):
        line += ',1500,300,7,0,42.5' if first else ',,,,,'
        first = False
    out.append(line)
body = '\n'.join(out).encode('latin-1')
end = re.sub(r'crc32=[0-9a-f]{8}', 'crc32=%08x' % zlib.crc32(body), end.split('\n')[0]) + '\n'
open(sys.argv[2], 'wb').write(body + end.encode())
PY
}

# sqlite_round_trip DB FILE...: every meta key, row and record of each FILE
# is in DB as the stream has it (numbers compared as numbers, an empty cell
# NULL, text as it is), each `#! summary` also as a summaries row.
sqlite_round_trip() {
	python3 - "$@" <<'PY'
import csv, re, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
numeric = {"seq", "rep", "iterations", "tsc_cycles", "ns", "cycles_per_iter", "aperf", "mperf", "eff_mhz",
           "sib_c0_pct", "sib_wakeups", "energy_uj", "instructions", "unhalted_cycles", "smis", "stall_cycles",
           "one_thread_active", "core_energy_uj", "user_ns", "sys_ns", "ctx_switches"}
all_columns = [r[1] for r in db.execute("PRAGMA table_info(rows)")][2:]
for src in sys.argv[2:]:
    text = open(src, 'rb').read().decode('latin-1').replace("\r", "")
    text = text[text.index("#! idlebench "):]
    lines = text.split("\n")
    lines = lines[:next(i for i, l in enumerate(lines) if l.startswith("#! end ")) + 1]
    got = db.execute("SELECT boot_id, schema, version, crc32, row_count, status FROM boots WHERE file = ?", (src,)).fetchall()
    assert len(got) == 1, (src, got)
    boot, schema, version, crc, row_count, status = got[0]
    head = lines[0].split()
    assert (version, "schema=%d" % schema) == (head[2], head[3]), (src, version, schema, head)
    end = dict(p.split("=", 1) for p in lines[-1].split()[2:])
    assert (crc, str(row_count), status) == (end["crc32"], end["rows"], end["status"]), (src, crc, row_count, status)
    meta = [tuple(l[3:].split("=", 1)) for l in lines if l.startswith("#= ")]
    got = db.execute("SELECT key, value FROM boot_meta WHERE boot_id = ? ORDER BY pos", (boot,)).fetchall()
    assert got == meta, (src, [m for m in meta if m not in got], [g for g in got if g not in meta])
    data = [l for l in lines if l and not l.startswith("#")]
    header, rows = data[0].split(","), list(csv.reader(data[1:]))
    got = db.execute("SELECT * FROM rows WHERE boot_id = ? ORDER BY row_index", (boot,)).fetchall()
    names = [d[0] for d in db.execute("SELECT * FROM rows LIMIT 0").description]
    assert len(got) == len(rows) == row_count, (src, len(got), len(rows))
    for g, r in zip(got, rows):
        g = dict(zip(names, g))
        for name, cell in zip(header, r):
            v = g[name]
            if cell == "":
                assert v is None, (src, name, v)
            elif name in numeric:
                assert isinstance(v, (int, float)) and v == float(cell), (src, name, v, cell)
            else:
                assert v == cell, (src, name, v, cell)
        for name in all_columns:
            if name not in header:
                assert g[name] is None, (src, "column the schema lacks", name, g[name])
    recs = [(i + 1, l) for i, l in enumerate(lines) if l.startswith("#! ") and not l.startswith("#! idlebench ")]
    got = db.execute("SELECT record_id, line, type FROM records WHERE boot_id = ? ORDER BY pos", (boot,)).fetchall()
    assert len(got) == len(recs), (src, len(got), len(recs))
    for (rid, line, typ), (n, l) in zip(got, recs):
        t, _, rest = l[3:].partition(" ")
        pairs = [(k, v.strip('"')) for k, v in re.findall(r'([a-z0-9_.]+)=("[^"]*"|\S*)', rest)]
        assert (line, typ) == (n, t), (src, line, typ, n, t)
        fields = db.execute("SELECT key, value FROM record_fields WHERE record_id = ? ORDER BY pos", (rid,)).fetchall()
        assert fields == pairs, (src, l, fields)
        if t == "summary":
            s = db.execute("SELECT * FROM summaries WHERE record_id = ?", (rid,))
            cols = [d[0] for d in s.description]
            s = dict(zip(cols, s.fetchone()))
            for k, v in pairs:
                if v == "":
                    assert s[k] is None, (src, k, s[k])
                else:
                    assert s[k] == v or (isinstance(s[k], (int, float)) and s[k] == float(v)), (src, k, s[k], v)
    print(src, "schema", schema, "meta", len(meta), "rows", len(rows), "records", len(recs))
PY
}

stest_export_sqlite_round_trips_every_meta_key_row_and_record() {
	local dir
	dir=$(mktemp -d)
	sqlite_schema4_stream tests/fixtures/results/qemu_quick_mwait_not_idle.csv "$dir/schema4.csv" || { rm -rf "$dir"; return 1; }
	# shellcheck disable=SC2086
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" $SQLITE_STREAMS "$dir/schema4.csv" >/dev/null ||
		{ echo "export --sqlite failed"; rm -rf "$dir"; return 1; }
	# shellcheck disable=SC2086
	sqlite_round_trip "$dir/runs.db" $SQLITE_STREAMS "$dir/schema4.csv" || { rm -rf "$dir"; return 1; }
	rm -rf "$dir"
}

# sqlite_report_table FILE: "workload mode n median" per line of report's per-workload table.
sqlite_report_table() {
	# the table ends at its second blank line; awk reads on (no exit: the
	# report is still writing, and under pipefail its SIGPIPE fails the test)
	"$SQLITE_CLI" report "$1" | awk 'done { next } /^  per workload/ { p = 1; next }
		p && /^  [a-z_0-9]+ +[a-z0-9]+ +[0-9]+ +[0-9.]+ / { print $1, $2, $3, $4 }
		p && /^$/ { if (blank++) done = 1 }'
}

# Rows per (workload, mode) and their median cycles per iteration, asked of
# the database with the `sqlite3` shell as a user would (the samples report
# uses: check ok, not in an `#! excluded` record, no SMI counted), equal to
# report's n and median cyc/iter for each file (medians within the 0.01 of
# the printed rounding).
stest_export_sqlite_rows_per_mode_and_medians_match_report() {
	local dir f boot n=0
	dir=$(mktemp -d)
	# shellcheck disable=SC2086
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" $SQLITE_STREAMS >/dev/null || { echo "export failed"; rm -rf "$dir"; return 1; }
	for f in $SQLITE_STREAMS; do
		boot=$(sqlite3 "$dir/runs.db" "SELECT boot_id FROM boots WHERE file = '$f'")
		[ -n "$boot" ] || { echo "$f: no boot in the database"; rm -rf "$dir"; return 1; }
		sqlite3 -separator ' ' "$dir/runs.db" "
			WITH used AS (
				SELECT workload, mode, cycles_per_iter FROM rows
				WHERE boot_id = $boot AND \"check\" = 'ok' AND coalesce(smis, 0) = 0
				AND NOT EXISTS (SELECT 1 FROM records e JOIN record_fields k USING (record_id)
					WHERE e.boot_id = rows.boot_id AND e.type = 'excluded' AND k.key = 'seq'
					AND k.value = CAST(rows.seq AS TEXT))),
			ranked AS (
				SELECT *, row_number() OVER (PARTITION BY workload, mode ORDER BY cycles_per_iter) AS i,
					count(*) OVER (PARTITION BY workload, mode) AS n FROM used)
			SELECT workload, mode, n, avg(cycles_per_iter) FROM ranked
			WHERE i IN ((n + 1) / 2, (n + 2) / 2) GROUP BY workload, mode" |
			awk '{ print $1 "/" $2, $3, $4 }' | LC_ALL=C sort >"$dir/sql.txt"
		sqlite_report_table "$f" | awk '{ print $1 "/" $2, $3, $4 }' | LC_ALL=C sort >"$dir/report.txt"
		[ -s "$dir/report.txt" ] || { echo "$f: no per-workload table in the report"; rm -rf "$dir"; return 1; }
		LC_ALL=C join -j1 "$dir/sql.txt" "$dir/report.txt" |
			awk -v f="$f" -v want="$(wc -l <"$dir/report.txt")" -v have="$(wc -l <"$dir/sql.txt")" '
				{ d = $3 - $5; if (d < 0) d = -d
				  if ($2 != $4 || d > 0.006) { print f ": " $1 " n " $2 " median " $3 " in SQL, report " $4 " " $5; bad = 1 } }
				END { if (NR != want || NR != have) { print f ": " NR " cells in both, report " want ", SQL " have; bad = 1 }
				      exit bad }' || { rm -rf "$dir"; return 1; }
		n=$((n + $(wc -l <"$dir/report.txt")))
	done
	echo "$n (workload, mode) cells agree"
	rm -rf "$dir"
}

# The per-model median of the primary int slowdown (one row per CPU vendor,
# family, model, microcode and primary mode: boots of one model pooled),
# asked of the database's `#! primary` records, equal to the median of the
# figures `report` prints for each file of that model (the files with a
# `#! primary` record: for a schema 1 stream or a fixture without one,
# report computes its own from the rows).
stest_export_sqlite_per_model_median_slowdown_matches_report() {
	local dir f key out mode fig
	dir=$(mktemp -d)
	# shellcheck disable=SC2086
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" $SQLITE_STREAMS >/dev/null || { echo "export failed"; rm -rf "$dir"; return 1; }
	sqlite3 -separator ' ' "$dir/runs.db" "
		WITH p AS (
			SELECT b.cpu_vendor || '/' || b.cpu_family || '/' || b.cpu_model || '/' || coalesce(b.microcode, '') || '/' || m.value AS model,
				CAST(s.value AS REAL) AS pct
			FROM boots b JOIN records r USING (boot_id)
			JOIN record_fields c ON c.record_id = r.record_id AND c.key = 'class' AND c.value = 'int'
			JOIN record_fields m ON m.record_id = r.record_id AND m.key = 'mode'
			JOIN record_fields s ON s.record_id = r.record_id AND s.key = 'slowdown_vs_hlt_pct' AND s.value <> ''
			WHERE r.type = 'primary'),
		ranked AS (SELECT *, row_number() OVER (PARTITION BY model ORDER BY pct) AS i,
			count(*) OVER (PARTITION BY model) AS n FROM p)
		SELECT model, n, printf('%.3f', avg(pct)) FROM ranked WHERE i IN ((n + 1) / 2, (n + 2) / 2)
		GROUP BY model ORDER BY model" >"$dir/sql.txt"
	: >"$dir/report.txt"
	for f in $SQLITE_STREAMS; do
		grep -q '^#! primary ' "$f" || continue
		key=$(awk '/^#= / { k = substr($0, 4); i = index(k, "="); m[substr(k, 1, i - 1)] = substr(k, i + 1) }
			END { print m["cpu_vendor"] "/" m["cpu_family"] "/" m["cpu_model"] "/" m["microcode"] }' "$f")
		out=$("$SQLITE_CLI" report "$f") || { echo "$f: report exited $?"; rm -rf "$dir"; return 1; }
		mode=$(sed -n 's/^  primary result: \([a-z0-9]*\) vs hlt.*/\1/p' <<<"$out")
		fig=$(awk '/^  primary result:/ { p = 1 } p && !fig && $1 == "int" && $2 ~ /^-?[0-9.]+$/ { print $2; fig = 1 }' <<<"$out")
		[ -n "$mode" ] && [ -n "$fig" ] && echo "$key/$mode $fig" >>"$dir/report.txt"
	done
	python3 - "$dir/report.txt" >"$dir/want.txt" <<'PY'
import statistics, sys
by = {}
for line in open(sys.argv[1]):
    key, pct = line.split()
    by.setdefault(key, []).append(float(pct))
for key in sorted(by):
    print("%s %d %.3f" % (key, len(by[key]), statistics.median(by[key])))
PY
	[ "$(wc -l <"$dir/want.txt")" -ge 2 ] && awk '$2 >= 2 { found = 1 } END { exit !found }' "$dir/want.txt" ||
		{ echo "want two models, one with two boots, in the report's figures:"; cat "$dir/want.txt"; rm -rf "$dir"; return 1; }
	diff "$dir/want.txt" "$dir/sql.txt" || { echo "per-model medians differ (< report, > SQL)"; rm -rf "$dir"; return 1; }
	cat "$dir/sql.txt"
	rm -rf "$dir"
}

# sqlite_t_quantile LEVEL DF: the two-sided LEVEL quantile of Student's t
# with DF degrees of freedom, by bisection on the closed-form distribution
# function for integer DF (Abramowitz & Stegun 26.7.3 and 26.7.4), from
# Python's math module alone: not the C code's stats_t_quantile. Checked
# against the printed table (t 95 % at df 2: 4.303, at df 9: 2.262).
sqlite_t_quantile() {
	python3 - "$@" <<'PY'
import math, sys
def two_sided(t, nu):  # P(|T| < t)
    th = math.atan(t / math.sqrt(nu))
    c2, s = math.cos(th) ** 2, 0.0
    if nu % 2:
        term = math.cos(th)
        for j in range(1, (nu - 1) // 2 + 1):
            s, term = s + term, term * c2 * (2 * j) / (2 * j + 1)
        return 2 / math.pi * (th + (math.sin(th) * s if nu > 1 else 0))
    term = 1.0
    for j in range(1, nu // 2 + 1):
        s, term = s + term, term * c2 * (2 * j - 1) / (2 * j)
    return math.sin(th) * s
def quantile(level, nu):
    lo, hi = 0.0, 1e3
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if two_sided(mid, nu) < level else (lo, mid)
    return (lo + hi) / 2
assert abs(quantile(0.95, 2) - 4.303) < 5e-4 and abs(quantile(0.95, 9) - 2.262) < 5e-4
print("%.12f" % quantile(float(sys.argv[1]), int(sys.argv[2])))
PY
}

# The fleet question asked of the database: the per-model slowdown of the
# primary result as `report --by=model` computes it (docs/statistics.md: per
# block d = log cpi(mwait) - log cpi(hlt), averaged over the class's
# workloads per repetition, then over repetitions (a boot), over a machine's
# boots, over a model's machines, exp - 1; "a machine whose control failed
# is left out, and the row says so"), in SQL from the rows of a synthetic
# fleet (tests/fixtures/fleet/generate_fleet.py: 20 machines of 4 models, 3
# boots of 10 repetitions each), equal to the int and fp figures report
# prints and to the number of machines its note leaves out. The controls are
# judged in SQL as docs/statistics.md "Controls", "Controls survive pooling"
# and stats/analysis.c do: a boot's A/A (hlt2) and spike-in (spike) estimate
# is the mean over repetitions of d averaged over every workload (the
# generator's four all have uniform_iterations, so the spike-in takes them
# all too). A machine is left out when a control fails over its pool (the
# boots-t 95 % interval over its 3 boots, df = 2) or in any one boot on its
# own (that boot's t interval over its 10 repetitions, df = 9, at 1 - 0.05/3:
# Bonferroni over the 3 boots); a control fails when its interval misses 0
# (A/A) or +1 % (spike) by more than ANALYSIS_RESOLUTION_PCT (0.005 points).
# An `uninformative` control (too wide to fail) is not a failure: it leaves
# no machine out. The t quantiles come from sqlite_t_quantile. The seed's
# fleet has machines left out by each rule, and one by a boot's control
# alone: both rules are exercised.
stest_export_sqlite_per_model_slowdown_matches_report_by_model() {
	local dir gen=tests/fixtures/fleet/generate_fleet.py t_pool t_boot
	dir=$(mktemp -d)
	python3 "$gen" "$dir/fleet" --machines 20 --boots 3 --seed 7 >/dev/null || { rm -rf "$dir"; return 1; }
	"$SQLITE_CLI" export --sqlite "$dir/fleet.db" "$dir/fleet" >/dev/null || { echo "export failed"; rm -rf "$dir"; return 1; }
	# the t quantiles below are df = 2's and df = 9's: every machine has its
	# 3 boots, every boot its 10 repetitions
	[ "$(sqlite3 "$dir/fleet.db" "SELECT count(*) FROM (SELECT machine_id FROM boots GROUP BY machine_id
		HAVING count(*) <> 3)")" = 0 ] || { echo "a machine without 3 boots"; rm -rf "$dir"; return 1; }
	[ "$(sqlite3 "$dir/fleet.db" "SELECT count(*) FROM (SELECT boot_id FROM rows WHERE \"check\" = 'ok'
		GROUP BY boot_id HAVING count(DISTINCT rep) <> 10)")" = 0 ] || { echo "a boot without 10 repetitions"; rm -rf "$dir"; return 1; }
	t_pool=$(sqlite_t_quantile 0.95 2) && t_boot=$(sqlite_t_quantile "$(awk 'BEGIN { printf "%.12f", 1 - 0.05 / 3 }')" 9) ||
		{ echo "t quantile failed"; rm -rf "$dir"; return 1; }
	sqlite3 -separator ' ' "$dir/fleet.db" "
		WITH cell AS (SELECT boot_id, rep, workload, class, mode, ln(cycles_per_iter) AS l FROM rows
			WHERE \"check\" = 'ok'),
		d AS (SELECT m.boot_id, m.rep, m.mode, m.class, m.l - h.l AS d FROM cell m JOIN cell h ON h.boot_id = m.boot_id
			AND h.rep = m.rep AND h.workload = m.workload AND h.mode = 'hlt' WHERE m.mode <> 'hlt'),
		per_rep AS (SELECT boot_id, rep, mode, class, avg(d) AS d FROM d WHERE mode = 'mwait' GROUP BY boot_id, rep, class
			UNION ALL SELECT boot_id, rep, mode, 'all', avg(d) FROM d WHERE mode IN ('hlt2', 'spike')
			GROUP BY boot_id, rep, mode),
		per_boot AS (SELECT b.cpu_vendor || ' ' || b.cpu_family || '/' || b.cpu_model || ' ' || b.microcode AS model,
			b.machine_id, boot_id, mode, class, avg(d) AS d, count(*) AS n FROM per_rep JOIN boots b USING (boot_id)
			GROUP BY boot_id, mode, class),
		per_machine AS (SELECT model, machine_id, mode, class, avg(d) AS d, count(*) AS n FROM per_boot
			GROUP BY model, machine_id, mode, class),
		-- a control's mean and standard error over the pool (one value per boot) and in each boot (one per repetition)
		pool_control AS (SELECT m.model, m.machine_id, m.mode, m.d AS mean,
			sqrt(sum((b.d - m.d) * (b.d - m.d)) / (m.n - 1)) / sqrt(m.n) AS se, $t_pool AS t
			FROM per_machine m JOIN per_boot b USING (model, machine_id, mode, class)
			WHERE m.mode IN ('hlt2', 'spike') GROUP BY m.model, m.machine_id, m.mode),
		boot_control AS (SELECT b.model, b.machine_id, b.mode, b.d AS mean,
			sqrt(sum((r.d - b.d) * (r.d - b.d)) / (b.n - 1)) / sqrt(b.n) AS se, $t_boot AS t
			FROM per_boot b JOIN per_rep r USING (boot_id, mode, class)
			WHERE b.mode IN ('hlt2', 'spike') GROUP BY b.boot_id, b.mode),
		judged AS (SELECT 'pool' AS rule, * FROM pool_control UNION ALL SELECT 'boot', * FROM boot_control),
		failed AS (SELECT model, machine_id, max(rule = 'pool') AS by_pool FROM judged,
			(SELECT 0.005 AS res),
			(SELECT 'hlt2' AS mode, 0.0 AS want UNION ALL SELECT 'spike', 1.0) USING (mode)
			WHERE NOT ((exp(mean - t * se) - 1) * 100 - res <= want AND want <= (exp(mean + t * se) - 1) * 100 + res)
			GROUP BY model, machine_id),
		machine AS (SELECT m.*, f.machine_id IS NOT NULL AS failed, f.by_pool IS 0 AS by_boot_only FROM per_machine m
			LEFT JOIN failed f USING (model, machine_id) WHERE m.mode = 'mwait')
		SELECT model, count(DISTINCT machine_id),
			printf('%.2f', (exp(avg(CASE WHEN class = 'int' AND NOT failed THEN d END)) - 1) * 100),
			printf('%.2f', (exp(avg(CASE WHEN class = 'fp' AND NOT failed THEN d END)) - 1) * 100),
			count(DISTINCT CASE WHEN failed THEN machine_id END),
			count(DISTINCT CASE WHEN by_boot_only THEN machine_id END)
		FROM machine GROUP BY model ORDER BY model" >"$dir/sql8.txt"
	# the eighth column (machines left out by a boot's own control alone) is the SQL's only
	cut -d' ' -f1-7 "$dir/sql8.txt" >"$dir/sql.txt"
	"$SQLITE_CLI" report --by=model "$dir/fleet" 2>/dev/null | awk '
		/^    cpu model / { p = 1; next }
		p && NF >= 8 && $4 ~ /^[0-9]+$/ {
			left = match($0, /; [0-9]+ left out: UNTRUSTWORTHY/) ? substr($0, RSTART + 2, RLENGTH) + 0 : 0
			print $1, $2, $3, $4, $6, ($7 == "-" ? $8 : $9), left }
		p && /^$/ { p = 0 }' | LC_ALL=C sort >"$dir/report.txt"
	[ "$(wc -l <"$dir/report.txt")" -eq 4 ] || { echo "report --by=model: not 4 models:"; cat "$dir/report.txt"; rm -rf "$dir"; return 1; }
	# the fixture's seed has a machine left out, and one by a boot's own control alone: the check covers both
	awk '$7 > $8 { pool = 1 } $8 > 0 { boot = 1 } END { exit !(pool && boot) }' "$dir/sql8.txt" ||
		{ echo "no machine left out by the pool's control and one by a boot's own alone:"; cat "$dir/sql8.txt"
			rm -rf "$dir"; return 1; }
	diff "$dir/report.txt" "$dir/sql.txt" ||
		{ echo "per-model slowdowns or machines left out differ (< report --by=model, > SQL)"; rm -rf "$dir"; return 1; }
	cat "$dir/sql8.txt"
	rm -rf "$dir"
}

# sqlite_counts DB: the number of lines of every table, one line.
sqlite_counts() {
	sqlite3 "$1" "SELECT (SELECT count(*) FROM boots), (SELECT count(*) FROM boot_meta), (SELECT count(*) FROM rows),
		(SELECT count(*) FROM records), (SELECT count(*) FROM record_fields), (SELECT count(*) FROM summaries)"
}

# A second export of the same tree adds nothing: every table keeps its
# count, each file is named once as already there, the exit status is 0. A
# copy of one under another name, exported alone, is named with the file
# whose boot it is.
stest_export_sqlite_twice_adds_nothing_and_names_each_boot() {
	local dir before after n
	dir=$(mktemp -d)
	mkdir "$dir/tree"
	# shellcheck disable=SC2086
	cp $SQLITE_STREAMS "$dir/tree/"
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/tree" >/dev/null 2>"$dir/err1" ||
		{ echo "first export failed: $(cat "$dir/err1")"; rm -rf "$dir"; return 1; }
	before=$(sqlite_counts "$dir/runs.db")
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/tree" >"$dir/out" 2>"$dir/err2" ||
		{ echo "second export exited $?: $(cat "$dir/err2")"; rm -rf "$dir"; return 1; }
	after=$(sqlite_counts "$dir/runs.db")
	[ "$before" = "$after" ] || { echo "counts changed: $before, then $after"; rm -rf "$dir"; return 1; }
	n=$(grep -c ': already in the database as boot [0-9]* ' "$dir/err2")
	[ "$n" -eq 6 ] && [ "$(wc -l <"$dir/err2")" -eq 6 ] ||
		{ echo "expected 6 'already in the database' lines, got:"; cat "$dir/err2"; rm -rf "$dir"; return 1; }
	grep -q ': 0 boots added (0 rows, 0 records), 6 already there, 0 files skipped$' "$dir/out" ||
		{ echo "summary line: $(cat "$dir/out")"; rm -rf "$dir"; return 1; }
	cp tests/fixtures/results/plan_a_boot1.csv "$dir/renamed-copy.csv"
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/renamed-copy.csv" >/dev/null 2>"$dir/err3" ||
		{ echo "the copy: exit $?: $(cat "$dir/err3")"; rm -rf "$dir"; return 1; }
	grep -q '^.*renamed-copy.csv: already in the database as boot [0-9]* (from .*/tree/plan_a_boot1.csv;' "$dir/err3" &&
		[ "$(sqlite_counts "$dir/runs.db")" = "$after" ] ||
		{ echo "the copy is not named with the file it duplicates: $(cat "$dir/err3")"; rm -rf "$dir"; return 1; }
	echo "counts (boots, meta, rows, records, fields, summaries): $after"
	rm -rf "$dir"
}

# A tree that holds one boot twice (a copied folder) is exported as a boot
# already there, as a second export of it is (docs/cli.md: exit 0 when every
# file was added or already there): each copy named with the file it
# duplicates, each boot inserted once, exit status 0.
stest_export_sqlite_copied_folder_in_one_run_is_already_there() {
	local dir rc n
	dir=$(mktemp -d)
	mkdir -p "$dir/tree/day1"
	# shellcheck disable=SC2086
	cp $SQLITE_STREAMS "$dir/tree/day1/"
	cp -r "$dir/tree/day1" "$dir/tree/day1-copy"
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/tree" >"$dir/out" 2>"$dir/err"
	rc=$?
	[ "$rc" -eq 0 ] || { echo "export of a tree with a copied folder exited $rc: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	n=$(grep -c '/tree/day1-copy/[^/]*: already in the database as boot [0-9]* (from .*/tree/day1/[^/]*;' "$dir/err")
	[ "$n" -eq 6 ] && [ "$(wc -l <"$dir/err")" -eq 6 ] ||
		{ echo "expected each of the 6 copies named as already there, got:"; cat "$dir/err"; rm -rf "$dir"; return 1; }
	grep -q ': 6 boots added ([0-9]* rows, [0-9]* records), 6 already there, 0 files skipped$' "$dir/out" ||
		{ echo "summary line: $(cat "$dir/out")"; rm -rf "$dir"; return 1; }
	[ "$(sqlite3 "$dir/runs.db" "SELECT count(*) FROM boots WHERE file LIKE '%/day1/%'")" = 6 ] &&
		[ "$(sqlite3 "$dir/runs.db" "SELECT count(*) FROM boots")" = 6 ] ||
		{ echo "boots: $(sqlite3 "$dir/runs.db" "SELECT file FROM boots")"; rm -rf "$dir"; return 1; }
	echo "$(cat "$dir/out")"
	rm -rf "$dir"
}

# A database made from schema 3 files takes a schema 4 file: its command
# columns are filled for it and NULL for the schema 3 rows. A database made
# by a build that knew only schema 3 (its rows table without the five
# schema 4 columns, made here by dropping them) gets them when opened.
stest_export_sqlite_schema_3_database_takes_schema_4_files() {
	local dir c got
	dir=$(mktemp -d)
	sqlite_schema4_stream tests/fixtures/results/qemu_quick_mwait_not_idle.csv "$dir/schema4.csv" || { rm -rf "$dir"; return 1; }
	for db in new old; do
		"$SQLITE_CLI" export --sqlite "$dir/$db.db" tests/fixtures/results/linux_guest_acpi_idle.csv \
			tests/fixtures/results/qemu_quick_mwait_not_idle.csv >/dev/null || { echo "schema 3 export failed"; rm -rf "$dir"; return 1; }
	done
	for c in user_ns sys_ns ctx_switches exit_status score; do
		sqlite3 "$dir/old.db" "ALTER TABLE rows DROP COLUMN $c" || { rm -rf "$dir"; return 1; }
	done
	for db in new old; do
		"$SQLITE_CLI" export --sqlite "$dir/$db.db" "$dir/schema4.csv" >/dev/null 2>"$dir/err" ||
			{ echo "$db database: schema 4 export failed: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
		got=$(sqlite3 "$dir/$db.db" "SELECT b.schema, count(*), count(user_ns), sum(user_ns), sum(sys_ns), sum(ctx_switches),
			group_concat(exit_status), group_concat(score) FROM rows JOIN boots b USING (boot_id) GROUP BY b.schema ORDER BY b.schema")
		[ "$got" = "3|123|0|||||
4|108|1|1500|300|7|0|42.5" ] || { echo "$db database, per schema (rows, filled, values):"; echo "$got"; rm -rf "$dir"; return 1; }
	done
	rm -rf "$dir"
}

# A tree with a `latest ->` link to one of its directories (what a nightly
# capture tree has) reaches that directory twice: named once as a note, no
# file skipped, exit 0 (it counted as a skipped file, so every such export
# exited 1); report --by=machine names it the same way.
stest_export_sqlite_a_directory_reached_twice_is_a_note() {
	local dir good=tests/fixtures/results/plan_a_boot1.csv rc
	dir=$(mktemp -d)
	mkdir -p "$dir/tree/2026-12-01"
	cp "$good" "$dir/tree/2026-12-01/boot.csv"
	ln -s 2026-12-01 "$dir/tree/latest"
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/tree" >"$dir/out" 2>"$dir/err"
	rc=$?
	[ $rc -eq 0 ] || { echo "export exited $rc: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	[ "$(grep -c "/tree/latest: note, a directory already searched" "$dir/err")" = 1 ] && [ "$(wc -l <"$dir/err")" = 1 ] ||
		{ echo "the second visit not named once as a note:"; cat "$dir/err"; rm -rf "$dir"; return 1; }
	grep -q ': 1 boots added (240 rows, 2 records), 0 already there, 0 files skipped$' "$dir/out" ||
		{ echo "counts: $(cat "$dir/out")"; rm -rf "$dir"; return 1; }
	"$SQLITE_CLI" report --by=machine "$dir/tree" >/dev/null 2>"$dir/err" ||
		{ echo "report --by=machine exited $?"; rm -rf "$dir"; return 1; }
	[ "$(grep -c "/tree/latest: note, a directory already searched" "$dir/err")" = 1 ] ||
		{ echo "report --by: $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	rm -rf "$dir"
}

# Bad input is named and never silently dropped: an unwritable database
# path and another program's database exit 1 writing nothing; a file that
# is not a stream, a truncated stream and a -INCOMPLETE file are each named
# once with the reason, the good file is still added, and the exit status
# is 1; a missing --sqlite argument or no path is a usage error (2).
stest_export_sqlite_names_bad_input_and_exits_nonzero() {
	local dir good=tests/fixtures/results/plan_a_boot1.csv rc
	dir=$(mktemp -d)
	"$SQLITE_CLI" export --sqlite "$dir/no/such/dir/runs.db" "$good" >/dev/null 2>"$dir/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "no/such/dir/runs.db: cannot open the database: unable to open database file" "$dir/err" ||
		{ echo "unwritable path: exit $rc, $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	sqlite3 "$dir/theirs.db" "CREATE TABLE t (a); INSERT INTO t VALUES (1)"
	"$SQLITE_CLI" export --sqlite "$dir/theirs.db" "$good" >/dev/null 2>"$dir/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "theirs.db: not an idlebench results database" "$dir/err" &&
		[ "$(sqlite3 "$dir/theirs.db" "SELECT count(*) FROM sqlite_schema")" = 1 ] ||
		{ echo "another program's database: exit $rc, $(cat "$dir/err")"; rm -rf "$dir"; return 1; }
	printf 'just,a,csv\n1,2,3\n' >"$dir/notes.csv"
	head -n 100 "$good" >"$dir/truncated.csv"
	cp "$good" "$dir/x-INCOMPLETE.csv"
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" "$dir/notes.csv" "$dir/truncated.csv" "$dir/x-INCOMPLETE.csv" \
		"$good" >"$dir/out" 2>"$dir/err"
	rc=$?
	[ $rc -eq 1 ] || { echo "bad files: exit $rc"; rm -rf "$dir"; return 1; }
	grep -q "notes.csv: skipped, not a stream" "$dir/err" && grep -q "truncated.csv: skipped, INCOMPLETE" "$dir/err" &&
		grep -q "x-INCOMPLETE.csv: skipped, INCOMPLETE" "$dir/err" && [ "$(wc -l <"$dir/err")" -eq 3 ] ||
		{ echo "bad files not each named once:"; cat "$dir/err"; rm -rf "$dir"; return 1; }
	[ "$(sqlite3 "$dir/runs.db" "SELECT count(*), group_concat(file) FROM boots")" = "1|$good" ] &&
		grep -q ': 1 boots added (240 rows, 2 records), 0 already there, 3 files skipped$' "$dir/out" ||
		{ echo "the good file: $(sqlite3 "$dir/runs.db" "SELECT file FROM boots"), $(cat "$dir/out")"; rm -rf "$dir"; return 1; }
	"$SQLITE_CLI" export --sqlite 2>/dev/null
	rc=$?
	[ $rc -eq 2 ] || { echo "--sqlite without its argument exited $rc"; rm -rf "$dir"; return 1; }
	"$SQLITE_CLI" export --sqlite "$dir/runs.db" 2>/dev/null
	rc=$?
	[ $rc -eq 2 ] || { echo "no path exited $rc"; rm -rf "$dir"; return 1; }
	rm -rf "$dir"
}

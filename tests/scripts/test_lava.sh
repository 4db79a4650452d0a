# The LAVA jobs (lava/, lava/README.md), sourced by tests/run-all.sh; each
# stest_* is one test, run from the repository root after the kernel and
# host builds. Debian's lava-dispatcher gives both the schema check
# (lava_common.schemas, the one lava-server runs on submission) and
# lava-run, which executes a job against a device dictionary with no server.

# Debian's interpreter: lava_common is installed for it only (not a pyenv one).
LAVA_PYTHON=/usr/bin/python3

# lava_schema_missing / lava_run_missing: why this machine cannot check the
# job files / run the QEMU job, or nothing.
lava_schema_missing() {
	"$LAVA_PYTHON" -c 'import lava_common.schemas, lava_common.schemas.device' 2>/dev/null ||
		echo "lava_common (Debian package lava-common) not importable by $LAVA_PYTHON"
}

lava_run_missing() {
	local why
	why=$(lava_schema_missing)
	[ -z "$why" ] || { echo "$why"; return; }
	command -v lava-run >/dev/null || { echo "lava-run missing (Debian package lava-dispatcher)"; return; }
	command -v qemu-system-x86_64 >/dev/null || { echo "qemu-system-x86_64 missing"; return; }
	# lava-run refuses to start otherwise ("lava-run should be executed as root").
	[ "$(id -u)" = 0 ] || { echo "lava-run runs as root only"; return; }
	[ -r build/idlebench.elf ] || { echo "build/idlebench.elf missing (make kernel)"; return; }
	[ -x build/host/idlebench ] || echo "build/host/idlebench missing (make host)"
}

# lava_validate KIND FILE: LAVA's own check of a job (KIND job) or device
# dictionary (KIND device); prints the error and fails when it refuses.
lava_validate() {
	"$LAVA_PYTHON" - "$1" "$2" <<'PY'
import sys, yaml, voluptuous
from lava_common.schemas import validate as validate_job
from lava_common.schemas.device import validate as validate_device
kind, path = sys.argv[1], sys.argv[2]
data = yaml.safe_load(open(path))
try:
    if kind == "job":
        validate_job(data, strict=True)
    else:
        validate_device(data)
except voluptuous.Invalid as exc:
    print("%s: %s at %s" % (path, exc.msg, exc.path))
    sys.exit(1)
PY
}

stest_lava_job_files_pass_lavas_schema_check() {
	local why f tmp rc=0
	why=$(lava_schema_missing)
	[ -z "$why" ] || { echo "skipped: $why"; return 0; }
	for f in lava/qemu-job.yaml lava/x86-ipxe-job.yaml lava/x86-grub-job.yaml; do
		lava_validate job "$f" || return 1
	done
	lava_validate device lava/qemu-device.yaml || return 1
	# The check can refuse: a monitor without its result pattern, a fixupdict
	# mapping to a result LAVA does not have.
	tmp=$(mktemp -d)
	grep -v '^      pattern: ' lava/qemu-job.yaml >"$tmp/no-pattern.yaml"
	sed 's/^        n\/a: skip$/        n\/a: maybe/' lava/qemu-job.yaml >"$tmp/bad-fixup.yaml"
	for f in no-pattern bad-fixup; do
		if lava_validate job "$tmp/$f.yaml" >/dev/null; then
			echo "LAVA's schema accepted $f.yaml"
			rc=1
		fi
	done
	rm -rf "$tmp"
	return $rc
}

# lava-run boots build/idlebench.elf in QEMU as lava/qemu-job.yaml says; the
# test cases LAVA recorded are the stream's #! testcase records (fixupdict
# applied), and the stream capture --lava-log takes out of the job log
# passes check.
stest_lava_runs_the_qemu_job_offline_and_records_the_stream_test_cases() {
	local why tmp rc file want got
	why=$(lava_run_missing)
	[ -z "$why" ] || { echo "skipped: $why"; return 0; }
	tmp=$(mktemp -d)
	mkdir "$tmp/out"
	sed "s|url: file:///srv/idlebench/idlebench.elf|url: file://$PWD/build/idlebench.elf|" lava/qemu-job.yaml >"$tmp/job.yaml"
	grep -q "file://$PWD/build/idlebench.elf" "$tmp/job.yaml" || { echo "lava/qemu-job.yaml: kernel url not found"; return 1; }
	# lava-run logs to stderr without a server: that is the job log (a
	# server keeps the same records as output.yaml).
	timeout -k 10 300 lava-run --job-id "idlebench-stest-$$" --output-dir "$tmp/out" --device lava/qemu-device.yaml \
		"$tmp/job.yaml" >"$tmp/stdout" 2>"$tmp/out/job.log"
	rc=$?
	if [ "$rc" -ne 0 ] || ! grep -qx 'result: pass' "$tmp/out/result.yaml" 2>/dev/null; then
		echo "lava-run exited $rc; result.yaml:"; cat "$tmp/out/result.yaml" 2>/dev/null
		grep '"lvl": "error"' "$tmp/out/job.log" | tail -5
		return 1
	fi
	file=$(build/host/idlebench capture --quiet --out "$tmp/results" --lava-log "$tmp/out/job.log") ||
		{ echo "capture --lava-log failed"; return 1; }
	build/host/idlebench check "$file" || { echo "the stream out of the LAVA log fails check"; return 1; }
	# What the stream says, with the job's fixupdict (n/a: skip) ...
	want=$(sed -n 's/^#! testcase name=\([a-z0-9_]*\) result=\([a-z\/]*\) measurement=\([-0-9.]*\) units=\([a-z]*\)$/\1 \2 \3 \4/p' "$file" |
		sed 's| n/a | skip |')
	# ... against what LAVA recorded: the results of the monitor's suite.
	got=$("$LAVA_PYTHON" - "$tmp/out/job.log" <<'PY'
import sys, yaml
for line in open(sys.argv[1]):
    if '"lvl": "results"' not in line:
        continue
    r = yaml.safe_load(line)["msg"]
    if r.get("definition") == "idlebench":
        m = r.get("measurement")
        print(r["case"], r["result"], "" if m is None else m, r.get("units"))
PY
)
	rc=0
	[ "$(wc -l <<<"$want")" -eq 4 ] || { echo "the stream has not 4 testcase records:"; echo "$want"; rc=1; }
	grep -Eq '^primary_int_[a-z]+ pass -?[0-9]+\.[0-9]+ pct$' <<<"$want" || { echo "no measured primary_int case"; rc=1; }
	grep -Eq '^control_spike (pass|fail|skip) ' <<<"$want" || { echo "no control_spike case"; rc=1; }
	[ "$got" = "$want" ] || { echo "LAVA recorded:"; echo "$got"; echo "the stream says:"; echo "$want"; rc=1; }
	[ $rc -ne 0 ] || rm -rf "$tmp"
	return $rc
}

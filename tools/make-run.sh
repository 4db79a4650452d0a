#!/usr/bin/env bash
# make-run.sh BUILD RESULTS_DIR: what `make run` does after building. Boots
# QEMU through `idlebench capture` (stream shown live, saved and verified),
# prints `idlebench report` with a PNG chart beside the CSV, the paths, and the
# caveat about QEMU. Exit status: capture's (0 only when the stream ended ok).
set -uo pipefail
build=$1 results=$2
cli="$build/host/idlebench"

saved=$("$cli" capture --require-ok --out "$results" "cmd:BUILD=$build tools/qemu-run.sh")
rc=$?
file=$(printf '%s\n' "$saved" | tail -1)
if [ -f "$file" ] && grep -q '^[0-9]' "$file"; then
	echo
	"$cli" report --png "${file%.csv}.png" "$file" || true
fi
echo
[ -f "$file" ] && echo "result: $file"
[ -f "${file%.csv}.png" ] && echo "chart:  ${file%.csv}.png"
echo "note: QEMU TCG does not model SMT resource sharing; these numbers test the pipeline, not the hardware."
[ -f "$file" ] && printf '%s\n' "$file" # last line: the saved stream, for scripts
exit $rc

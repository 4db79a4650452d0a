# Reproducible builds (scripts/check-reproducible.sh, mk/repro.mk), sourced
# by tests/run-all.sh; each rtest_* is one test, run in the QEMU tier's lanes
# (a build beside an emulator: both lanes busy, neither waiting on the other).

# The whole set built again in another folder, umask, locale and zone:
# every image, the netboot tree and the CLI byte-identical to $BUILD's.
rtest_reproducible() {
	local out="$QTEST_LOGS/reproducible.out" rc=0
	command -v git >/dev/null 2>&1 || { skip "git not installed"; return; }
	git rev-parse --verify -q HEAD >/dev/null || { skip "not a git checkout"; return; }
	scripts/check-reproducible.sh "${BUILD:-build}" >"$out" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ]; then
		# the summary line first (the runner's reason), then the report
		fail "$(grep -m1 -E '^not reproducible|^check-reproducible:' "$out" || echo "check-reproducible.sh exit status $rc")"
		head -120 "$out" >&2
		return 1
	fi
	tail -1 "$out"
}

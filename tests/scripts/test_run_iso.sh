# scripts/run-iso.sh, the cached one-entry image qemu-run.sh and bochs-run.sh
# boot (sourced by tests/run-all.sh; each stest_* is one test, run from the
# repository root).

# Two runs with one command line at once (two test lanes): the second takes
# the image as soon as its name exists, so the name must only ever name a
# whole image. The run starts; the moment the name appears, the file is
# copied and read back: the kernel in it is whole. The old script wrote the
# image in place under that name.
stest_run_iso_names_only_a_whole_image() {
	command -v xorriso >/dev/null || { echo "skipped: no xorriso (package xorriso)"; return 0; }
	[ -r "${BUILD:-build}/idlebench.elf" ] || { echo "skipped: no ${BUILD:-build}/idlebench.elf (make)"; return 0; }
	local d key iso a end
	d=$(mktemp -d)
	cp "${BUILD:-build}/idlebench.elf" "$d/"
	key=$(printf '%s' "run=siblings stest=$$" | cksum | cut -d' ' -f1)
	iso="$d/run-iso/idlebench-$key.iso"
	scripts/run-iso.sh "$d" "run=siblings stest=$$" >"$d/a.out" 2>"$d/a.err" &
	a=$!
	end=$((SECONDS + 60))
	while [ $SECONDS -lt $end ]; do # no sleep: the name is caught as it appears
		if [ -e "$iso" ]; then
			cp "$iso" "$d/snapshot.iso"
			break
		fi
		kill -0 "$a" 2>/dev/null || break
	done
	wait "$a" || { echo "run-iso failed: $(cat "$d/a.err")"; return 1; }
	[ -e "$d/snapshot.iso" ] || cp "$iso" "$d/snapshot.iso"
	xorriso -osirrox on -indev "$d/snapshot.iso" -extract /boot/idlebench.elf "$d/elf" >"$d/x.log" 2>&1 ||
		{ echo "the image under its name the moment it appeared does not read: $(tail -2 "$d/x.log" | tr '\n' ' ')"; return 1; }
	cmp -s "$d/elf" "$d/idlebench.elf" || { echo "the image under its name the moment it appeared holds a broken kernel"; return 1; }
	[ "$(ls -A "$d/run-iso")" = "idlebench-$key.iso" ] || { echo "left behind in run-iso: $(ls -A "$d/run-iso" | tr '\n' ' ')"; return 1; }
	rm -rf "$d"
}

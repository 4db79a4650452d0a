# `make install PREFIX=... DESTDIR=...` puts the CLI, a man page per command,
# the bash completion and the built images where they belong, and `make
# uninstall` takes every one of them away again. Uses the tree's build
# (`make all`). Sourced by tests/run-all.sh; each stest_* is one test, run
# from the repository root.

stest_make_install_then_uninstall_leaves_nothing() {
	local tmp p=/opt/ib n_cmd f
	tmp=$(mktemp -d)
	make -s --no-print-directory install PREFIX=$p DESTDIR="$tmp" >"$tmp.log" 2>&1 ||
		{ echo "make install failed: $(tail -5 "$tmp.log")"; rm -rf "$tmp" "$tmp.log"; return 1; }
	[ -x "$tmp$p/bin/idlebench" ] || { echo "no $p/bin/idlebench"; rm -rf "$tmp" "$tmp.log"; return 1; }
	"$tmp$p/bin/idlebench" --version >/dev/null || { echo "the installed CLI does not run"; rm -rf "$tmp" "$tmp.log"; return 1; }
	n_cmd=$("$tmp$p/bin/idlebench" --help | awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/' | wc -l)
	[ "$(ls "$tmp$p/share/man/man1/" | grep -c '^idlebench.*\.1$')" -eq $((n_cmd + 1)) ] ||
		{ echo "$(ls "$tmp$p/share/man/man1/" | wc -l) man pages for $n_cmd commands"; rm -rf "$tmp" "$tmp.log"; return 1; }
	[ -s "$tmp$p/share/bash-completion/completions/idlebench" ] || { echo "no completion"; rm -rf "$tmp" "$tmp.log"; return 1; }
	for f in idlebench.iso idlebench-usb.img idlebench.efi idlebench.elf; do
		if [ -f "${BUILD:-build}/$f" ]; then
			cmp -s "${BUILD:-build}/$f" "$tmp$p/share/idlebench/$f" || { echo "$f not installed as built"; rm -rf "$tmp" "$tmp.log"; return 1; }
		fi
	done
	make -s --no-print-directory uninstall PREFIX=$p DESTDIR="$tmp" >"$tmp.log" 2>&1 ||
		{ echo "make uninstall failed: $(tail -5 "$tmp.log")"; rm -rf "$tmp" "$tmp.log"; return 1; }
	f=$(find "$tmp" -type f)
	[ -z "$f" ] || { echo "make uninstall left: $f"; rm -rf "$tmp" "$tmp.log"; return 1; }
	rm -rf "$tmp" "$tmp.log"
}

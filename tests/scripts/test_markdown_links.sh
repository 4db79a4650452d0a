# Every relative link and #anchor of every tracked *.md resolves (a tracked
# file; a heading's GitHub id, -1, -2 ... for repeated headings), checked by
# tests/scripts/md_links.py; external http(s) links are not checked. Sourced
# by tests/run-all.sh; each stest_* is one test, run from the repository root.

stest_markdown_links_resolve() {
	python3 tests/scripts/md_links.py
}

# The checker itself: a broken file link, a broken anchor and a repeated
# heading's second id, in a scratch repository, are told apart by file:line.
stest_markdown_links_checker_names_file_and_line_of_each_broken_link() {
	local dir out rc
	dir=$(mktemp -d)
	(
		cd "$dir" && git init -q && mkdir docs &&
			printf '# Top\n\n## Usage `make run`\n\n## Usage `make run`\n' >docs/a.md &&
			printf '# B\n\n[ok](docs/a.md#usage-make-run-1)\n[gone](docs/none.md)\n[bad](docs/a.md#usage-make-run-2)\n`[code](x.md)`\n[self](#b)\n' >b.md &&
			git add . &&
			python3 "$OLDPWD/tests/scripts/md_links.py"
	) >"$dir.out" 2>&1
	rc=$?
	out=$(cat "$dir.out")
	rm -rf "$dir" "$dir.out"
	[ $rc -eq 1 ] || { echo "checker exited $rc, not 1: $out"; return 1; }
	[ "$out" = "b.md:4: broken link docs/none.md (no such tracked file)
b.md:5: broken link docs/a.md#usage-make-run-2 (no heading with anchor #usage-make-run-2 in docs/a.md)" ] ||
		{ echo "checker said: $out"; return 1; }
}

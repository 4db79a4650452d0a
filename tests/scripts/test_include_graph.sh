# The include graph has no two-way edge between modules, no cycle between
# folders and no include against the floors (sourced by tests/run-all.sh;
# each function named stest_* is one test, run from the repository root).
#
# A module is a .c and its .h (same path without the extension); module A
# depends on module B when A.c or A.h includes B.h. When B also depends on A
# neither can be read, tested or moved without the other, and the layers of
# the tree (docs/DEVELOPING.md, "How we write the code": floors, follow the data)
# are gone. Includes are written from the repository root ("kernel/x/y.h",
# -I. in every build); one relative to the including file's folder counts
# too. Generated headers (build/gen) are in no module.

# include_edges DIR...: "FILE INCLUDED" for each #include "..." of a .c or .h
# under DIR... (run in the repository root) that names a file in the tree,
# from the root or relative to the including file's folder.
include_edges() {
	find "$@" -type f \( -name '*.c' -o -name '*.h' \) -print | sort |
		while IFS= read -r f; do
			f=${f#./}
			sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
				while IFS= read -r inc; do
					if [ -f "$inc" ]; then
						printf '%s %s\n' "$f" "$inc"
					elif [ -f "$(dirname "$f")/$inc" ]; then
						printf '%s %s\n' "$f" "$(realpath -m --relative-to=. "$(dirname "$f")/$inc")"
					fi
				done
		done
}

# existing_dirs ROOT DIR...: the DIRs that exist under ROOT.
existing_dirs() {
	local root=$1 d
	shift
	for d in "$@"; do
		[ -d "$root/$d" ] && printf '%s\n' "$d"
	done
}

# include_pairs ROOT DIR...: print "A <-> B" (A before B in sort order) for
# each pair of modules under ROOT/DIR... that include each other; nothing when
# there is none.
include_pairs() {
	local root=$1
	shift
	(
		cd "$root" || exit 1
		local d dirs=()
		for d in "$@"; do
			[ -d "$d" ] && dirs+=("$d")
		done
		[ "${#dirs[@]}" -gt 0 ] || exit 0
		include_edges "${dirs[@]}" |
			awk '
				function module(p) { sub(/^\.\//, "", p); sub(/\.[ch]$/, "", p); return p }
				{
					a = module($1); b = module($2)
					if (a != b) edge[a SUBSEP b] = 1
				}
				END {
					for (k in edge) {
						split(k, m, SUBSEP)
						if (m[1] < m[2] && ((m[2] SUBSEP m[1]) in edge))
							print m[1] " <-> " m[2]
					}
				}' | sort
	)
}

# Every folder of code, the tests' included.
SOURCE_DIRS="lib stats bench platform core kernel boot tools tests"

# folder_cycles ROOT DIR...: one line per cycle between folders under
# ROOT/DIR... (a folder depends on another when one of its files includes one
# of the other's): the folders of each strongly connected group of two or
# more, sorted, space-separated; nothing when there is none. A folder is the
# directory a file is in: kernel/ and kernel/sibling/ are two.
folder_cycles() {
	local root=$1
	shift
	(
		cd "$root" || exit 1
		local dirs
		mapfile -t dirs < <(existing_dirs . "$@")
		[ "${#dirs[@]}" -gt 0 ] || exit 0
		include_edges "${dirs[@]}" |
			awk '
				function folder(p) { if (p !~ /\//) return "."; sub(/\/[^\/]*$/, "", p); return p }
				function node(f) { if (!(f in id)) { id[f] = ++n; name[n] = f } return id[f] }
				{
					a = node(folder($1)); b = node(folder($2))
					if (a != b) reach[a, b] = 1
				}
				END {
					for (k = 1; k <= n; k++)
						for (i = 1; i <= n; i++)
							if ((i, k) in reach)
								for (j = 1; j <= n; j++)
									if ((k, j) in reach) reach[i, j] = 1
					for (i = 1; i <= n; i++) {
						line = ""; m = 0
						for (j = 1; j <= n; j++)
							if (i == j || (((i, j) in reach) && ((j, i) in reach))) { g[++m] = name[j] }
						if (m < 2) continue
						for (x = 2; x <= m; x++)   # insertion sort: a stable name per group
							for (y = x; y > 1 && g[y] < g[y - 1]; y--) { t = g[y]; g[y] = g[y - 1]; g[y - 1] = t }
						for (x = 1; x <= m; x++) line = line (x > 1 ? " " : "") g[x]
						print line
					}
				}' | sort -u
	)
}

# floor_breaks ROOT: "FILE -> INCLUDED" for each include against the floors
# (docs/DEVELOPING.md): lib/ includes only lib/; stats/ lib/ and itself;
# bench/ and platform/ those two and themselves; core/ everything up to
# bench/ and platform/ and itself; kernel/ everything up to core/ and itself;
# boot/ everything up to kernel/ and itself; tools/ everything up to core/
# (never kernel/ or boot/) and, from a tool's folder, only its own folder
# and tools/common/. tests/ may include anything.
floor_breaks() {
	local root=$1
	(
		cd "$root" || exit 1
		local dirs
		mapfile -t dirs < <(existing_dirs . lib stats bench platform core kernel boot tools)
		[ "${#dirs[@]}" -gt 0 ] || exit 0
		include_edges "${dirs[@]}" |
			awk '
				BEGIN {
					allow["lib"] = " lib "
					allow["stats"] = " lib stats "
					allow["bench"] = " lib stats bench "
					allow["platform"] = " lib stats platform "
					allow["core"] = " lib stats bench platform core "
					allow["kernel"] = " lib stats bench platform core kernel "
					allow["boot"] = " lib stats bench platform core kernel boot "
					allow["tools"] = " lib stats bench platform core tools "
				}
				function top(p) { sub(/\/.*/, "", p); return p }
				function tool(p) { split(p, q, "/"); return q[2] }
				{
					a = top($1); b = top($2)
					bad = index(allow[a], " " b " ") == 0
					if (!bad && a == "tools" && b == "tools" && tool($1) != tool($2) && tool($2) != "common")
						bad = 1
					if (bad) print $1 " -> " $2
				}' | sort
	)
}

stest_no_cycle_between_folders() {
	local cycles
	cycles=$(folder_cycles . $SOURCE_DIRS)
	[ -z "$cycles" ] || { echo "folders that depend on each other (one group a line):" >&2; echo "$cycles" >&2; return 1; }
}

stest_no_include_against_the_floors() {
	local breaks
	breaks=$(floor_breaks .)
	[ -z "$breaks" ] || { echo "includes against the floors (docs/DEVELOPING.md):" >&2; echo "$breaks" >&2; return 1; }
}

# The folder check finds a cycle through three folders and a relative
# include, and lets a chain, a folder including itself and the top folder
# pass; the floors check finds each kind of include against the floors.
stest_folder_checks_find_each_form() {
	local t found
	t=$(mktemp -d)
	mkdir -p "$t/k/a" "$t/k/b" "$t/k/c" "$t/k/d" "$t/lib" "$t/bench" "$t/kernel/x" "$t/boot" \
		"$t/tools/cli" "$t/tools/report" "$t/tools/common"
	# k/a -> k/b -> k/c -> k/a (the last one relative)
	printf '#include "k/b/y.h"\n' >"$t/k/a/x.c"; : >"$t/k/a/x.h"
	printf '#include "k/c/z.h"\n' >"$t/k/b/y.h"
	printf '#include "../a/x.h"\n' >"$t/k/c/z.h"
	# a chain into k/d, and k/d including itself and the top: no cycle
	printf '#include "k/d/w.h"\n#include "k/d/v.h"\n' >"$t/k/d/w.c"; : >"$t/k/d/w.h"; : >"$t/k/d/v.h"
	printf '#include "k/d/w.h"\n' >"$t/k/b/u.c"
	printf '#include "k/a/x.h"\n' >"$t/top.c"
	found=$(folder_cycles "$t" k . | tr '\n' ';')
	[ "$found" = "k/a k/b k/c;" ] ||
		{ rm -rf "$t"; echo "cycles found: $found (expected k/a k/b k/c;)" >&2; return 1; }
	# floors: lib -> bench (up), kernel -> boot (up), tools -> kernel,
	# tools/report -> tools/cli; allowed: bench -> lib, boot -> kernel,
	# tools/report -> tools/common, tools/cli -> bench
	: >"$t/lib/l.h"; : >"$t/bench/b.h"; : >"$t/kernel/x/k.h"; : >"$t/boot/f.h"
	: >"$t/tools/cli/c.h"; : >"$t/tools/common/s.h"
	printf '#include "bench/b.h"\n' >"$t/lib/l.c"
	printf '#include "lib/l.h"\n' >"$t/bench/b.c"
	printf '#include "boot/f.h"\n' >"$t/kernel/x/k.c"
	printf '#include "kernel/x/k.h"\n' >"$t/boot/f.c"
	printf '#include "kernel/x/k.h"\n#include "bench/b.h"\n' >"$t/tools/cli/c.c"
	printf '#include "tools/cli/c.h"\n#include "tools/common/s.h"\n' >"$t/tools/report/r.c"
	found=$(floor_breaks "$t" | tr '\n' ';')
	rm -rf "$t"
	local want="kernel/x/k.c -> boot/f.h;lib/l.c -> bench/b.h;tools/cli/c.c -> kernel/x/k.h;tools/report/r.c -> tools/cli/c.h;"
	[ "$found" = "$want" ] || { echo "floor breaks found: $found (expected $want)" >&2; return 1; }
}

stest_no_two_modules_include_each_other() {
	local pairs
	pairs=$(include_pairs . $SOURCE_DIRS)
	[ -z "$pairs" ] || { echo "modules that include each other:" >&2; echo "$pairs" >&2; return 1; }
}

# The check finds a pair through either file of a module and a relative
# include, and lets one-way edges, a module including its own header and
# includes of files not in the tree pass.
stest_include_pair_check_finds_each_form() {
	local t found
	t=$(mktemp -d)
	mkdir -p "$t/k/a" "$t/k/b" "$t/t"
	# k/a/x <-> k/b/y: x.c includes y.h, y.h includes x.h
	printf '#include "k/a/x.h"\n#include "k/b/y.h"\n' >"$t/k/a/x.c"
	: >"$t/k/a/x.h"
	printf '#include "k/a/x.h"\n' >"$t/k/b/y.h"
	# k/a/p <-> k/a/q: relative includes in both .h files
	printf '#include "q.h"\n' >"$t/k/a/p.h"
	printf '  #  include "p.h" /* spaced */\n' >"$t/k/a/q.h"
	# one-way, self and missing: not pairs
	printf '#include "k/a/x.h"\n#include "gen/version.h"\n#include <stdio.h>\n' >"$t/k/b/z.c"
	printf '#include "k/b/z.h"\n' >"$t/k/b/z.h"
	# a test that includes what it tests, in another folder: one-way
	printf '#include "k/b/y.h"\n' >"$t/t/test_y.c"
	found=$(include_pairs "$t" k t | tr '\n' ';')
	rm -rf "$t"
	[ "$found" = "k/a/p <-> k/a/q;k/a/x <-> k/b/y;" ] ||
		{ echo "found: $found (expected k/a/p <-> k/a/q;k/a/x <-> k/b/y;)" >&2; return 1; }
}

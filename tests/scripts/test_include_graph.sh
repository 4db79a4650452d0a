# The include graph has no two-way edge (sourced by tests/run-all.sh; each
# function named stest_* is one test, run from the repository root).
#
# A module is a .c and its .h (same path without the extension); module A
# depends on module B when A.c or A.h includes B.h. When B also depends on A
# neither can be read, tested or moved without the other, and the layers of
# the tree (docs/DEVELOPING.md, "How we write the code": floors, follow the data)
# are gone. Includes are written from the repository root ("kernel/x/y.h",
# -I. in every build); one relative to the including file's folder counts
# too. Generated headers (build/gen) are in no module.

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
		find "${dirs[@]}" -type f \( -name '*.c' -o -name '*.h' \) -print | sort |
			while IFS= read -r f; do
				sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
					while IFS= read -r inc; do
						if [ -f "$inc" ]; then
							printf '%s %s\n' "$f" "$inc"
						elif [ -f "$(dirname "$f")/$inc" ]; then
							printf '%s %s\n' "$f" "$(dirname "$f")/$inc"
						fi
					done
			done |
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

stest_no_two_modules_include_each_other() {
	local pairs
	pairs=$(include_pairs . kernel core lib bench tools boot tests)
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

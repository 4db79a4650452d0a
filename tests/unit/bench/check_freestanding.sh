#!/bin/sh
# Proofs about the shared floors as the kernel builds them (freestanding, no
# red zone, no PIC; lib/fpmath.c, stats/ and bench/ with BENCH_CFLAGS):
#  1. the floors rule (docs/DEVELOPING.md): lib/ includes nothing above it,
#     stats/ only lib/ and itself, bench/ and platform/ only lib/, stats/
#     and themselves, core/ only core/ and the floors below it (and each
#     only the compiler's freestanding headers among <...>);
#  2. the objects of all five floors together reference nothing outside
#     themselves but libgcc's helpers (__*): lib/mem.c provides memcpy and
#     friends, which the compiler may also call by itself;
#  3. the bench/ objects (with lib/fpmath.c), linked into the checksum
#     generator on the host, reproduce the generated checksum table bit for
#     bit -- so the kernel's flags do not change any result.
# usage: check_freestanding.sh CC "BENCH_CFLAGS" OUTDIR CHECKSUM_HEADER SOURCE...
#   (SOURCE: every lib/, stats/, bench/, platform/ and core/ .c file; the
#   floor is its top folder)
set -eu
cc=$1 cflags=$2 outdir=$3 header=$4
shift 4
mkdir -p "$outdir"

# 1. The floors rule, on every .c given and every header of the floors.
floor_bad=
check_includes() { # FILE ALLOWED-REGEX
	bad=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$1" |
		sed 's/.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/' | grep -v -x -E "$2" || true)
	sys=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$1" |
		sed 's/.*<\([^>]*\)>.*/\1/' |
		grep -v -x -E 'stdint\.h|stddef\.h|stdbool\.h|stdarg\.h|limits\.h|float\.h|stdalign\.h|stdnoreturn\.h|iso646\.h|emmintrin\.h|xmmintrin\.h' || true)
	if [ -n "$bad$sys" ]; then
		floor_bad="$floor_bad
$1: $(echo $bad $sys)"
	fi
}
for f in "$@" $(ls lib/*.h stats/*.h bench/*.h platform/*/*.h core/*/*.h 2>/dev/null); do
	case $f in
	lib/*) check_includes "$f" 'lib/[^/]+\.h|[^/]+\.h' ;;
	stats/*) check_includes "$f" '(lib|stats)/[^/]+\.h|[^/]+\.h' ;;
	bench/*) check_includes "$f" '(lib|stats|bench)/[^/]+\.h|[^/]+\.h' ;;
	platform/*) check_includes "$f" '(lib|stats)/[^/]+\.h|platform/.+\.h|[^/]+\.h' ;;
	core/*) check_includes "$f" '(lib|stats|bench)/[^/]+\.h|(platform|core)/.+\.h|[^/]+\.h' ;;
	*) echo "check_freestanding: $f is not in lib/, stats/, bench/, platform/ or core/" >&2; exit 1 ;;
	esac
done
if [ -n "$floor_bad" ]; then
	echo "check_freestanding: includes that break the floors rule (lib/ <- stats/ <- bench/, platform/ <- core/):$floor_bad" >&2
	exit 1
fi

# 2. Freestanding objects, all five floors linked together.
objs= bench_objs=
for src in "$@"; do
	obj="$outdir/$(echo "$src" | tr / _ | sed 's/\.c$//').o"
	case $src in bench/* | stats/* | lib/fpmath.c) flags=$cflags ;; *) flags="-std=c11 -O2" ;; esac
	# shellcheck disable=SC2086
	$cc $flags -ffreestanding -nostdlib -mno-red-zone -fno-pic -fno-stack-protector -Wall -Wextra -Werror \
		-I. -I"$(dirname "$(dirname "$header")")" -c -o "$obj" "$src"
	objs="$objs $obj"
	case $src in bench/* | lib/fpmath.c) bench_objs="$bench_objs $obj" ;; esac
done
# shellcheck disable=SC2086
ld -r -o "$outdir/floors.o" $objs
undefined=$(nm -u "$outdir/floors.o" | awk '{print $2}' | grep -v -E '^__' || true)
if [ -n "$undefined" ]; then
	echo "check_freestanding: lib/, stats/, bench/, platform/ and core/ need symbols from outside them:" >&2
	echo "$undefined" >&2
	exit 1
fi

# 3. The bench/ objects (and lib/fpmath.c) reproduce the checksum table.
gen_objs=
for obj in $bench_objs; do
	case $obj in */bench_expected.o) ;; *) gen_objs="$gen_objs $obj" ;; esac
done
# shellcheck disable=SC2086
$cc -std=c11 -O2 -no-pie -I. -o "$outdir/gen_workload_checksums" tools/build/gen_workload_checksums.c $gen_objs
"$outdir/gen_workload_checksums" "$outdir/workload_checksums.h"
if ! cmp -s "$outdir/workload_checksums.h" "$header"; then
	echo "check_freestanding: the freestanding build computes different checksums:" >&2
	diff "$header" "$outdir/workload_checksums.h" >&2 || true
	exit 1
fi
echo "check_freestanding: ok ($# files; floors rule kept; links only: $(nm -u "$outdir/floors.o" | awk '{print $2}' | tr '\n' ' '); checksums identical)"

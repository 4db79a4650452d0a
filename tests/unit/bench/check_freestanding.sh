#!/bin/sh
# Two proofs about bench/ as the kernel builds it (freestanding, no red zone,
# no PIC, same BENCH_CFLAGS):
#  1. the objects together reference nothing outside themselves except
#     memcpy/memset/memmove/memcmp (kernel/lib/mem.c provides those, and the
#     compiler may emit calls to them by itself);
#  2. those very objects, linked into the checksum generator on the host,
#     reproduce the generated checksum table bit for bit -- so the kernel's
#     flags do not change any result.
# usage: check_freestanding.sh CC "BENCH_CFLAGS" OUTDIR CHECKSUM_HEADER SOURCE...
set -eu
cc=$1 cflags=$2 outdir=$3 header=$4
shift 4
mkdir -p "$outdir"
objs=
for src in "$@"; do
	obj="$outdir/$(basename "$src" .c).o"
	# shellcheck disable=SC2086
	$cc $cflags -ffreestanding -nostdlib -mno-red-zone -fno-pic -Wall -Wextra -Werror \
		-I. -I"$(dirname "$(dirname "$header")")" -c -o "$obj" "$src"
	objs="$objs $obj"
done
# shellcheck disable=SC2086
ld -r -o "$outdir/bench.o" $objs
undefined=$(nm -u "$outdir/bench.o" | awk '{print $2}' | grep -v -x -E 'memcpy|memset|memmove|memcmp' || true)
if [ -n "$undefined" ]; then
	echo "check_freestanding: bench/ needs symbols a freestanding kernel does not provide:" >&2
	echo "$undefined" >&2
	exit 1
fi

gen_objs=
for obj in $objs; do
	case $obj in */expected.o) ;; *) gen_objs="$gen_objs $obj" ;; esac
done
# shellcheck disable=SC2086
$cc -std=c11 -O2 -no-pie -I. -o "$outdir/gen_workload_checksums" tools/gen_workload_checksums.c $gen_objs
"$outdir/gen_workload_checksums" "$outdir/workload_checksums.h"
if ! cmp -s "$outdir/workload_checksums.h" "$header"; then
	echo "check_freestanding: the freestanding build computes different checksums:" >&2
	diff "$header" "$outdir/workload_checksums.h" >&2 || true
	exit 1
fi
echo "check_freestanding: ok ($# files; links only: $(nm -u "$outdir/bench.o" | awk '{print $2}' | tr '\n' ' '); checksums identical)"

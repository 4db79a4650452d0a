#!/bin/sh
# Measure what the sample order costs on this machine's real CPU, in Linux
# mode (root, a cpuidle driver): repetition-major interleaved (an older
# idlebench binary), workload-major interleaved and blocked (this build),
# run ALTERNATELY in time so host load hits every arm alike. The controls
# only (hlt, hlt2 = A/A, spike = +1 %): their truth is known whatever the
# parked CPU does. Streams go to OUT; scripts/order_figures.py reads them.
#
#   sudo scripts/measure-order.sh OLD_BIN NEW_BIN OUT [CYCLES] [REPS] [SAMPLE_MS]
#
# A cycle is: old interleaved, new interleaved, and every other cycle one
# blocked run with warmup=0 (its first sample of each (workload, mode) run
# is the one right after a mode change). 12 cycles of 20 x 20 ms took
# about 13 minutes on a 2-vCPU KVM guest.
set -eu
old=$1 new=$2 out=$3 cycles=${4:-12} reps=${5:-20} ms=${6:-20}
mkdir -p "$out"
common="--placement=other-core --modes=hlt,hlt2,spike --preset=standard --reps=$reps --sample-ms=$ms"
i=1
while [ "$i" -le "$cycles" ]; do
	n=$(printf '%02d' "$i")
	# shellcheck disable=SC2086 # common is a word list
	timeout 600 "$old" linux $common --out="$out/old-$n.csv" 2>"$out/old-$n.err"
	# shellcheck disable=SC2086
	timeout 600 "$new" linux $common --out="$out/new-$n.csv" 2>"$out/new-$n.err"
	if [ $((i % 2)) -eq 0 ]; then
		# shellcheck disable=SC2086
		timeout 600 "$new" linux $common --order=blocked --warmup=0 --out="$out/blk-$n.csv" 2>"$out/blk-$n.err"
	fi
	echo "cycle $i done $(date -u +%T)"
	i=$((i + 1))
done

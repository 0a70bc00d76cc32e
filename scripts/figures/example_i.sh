#!/bin/sh
# example_i.sh - seed 000's Example I as a Markdown table: the FP32 pipe's
# busy share (the summary's "pipes busy" line, JSON pipe_utilization.fp32)
# of latency_hiding.s with 1000 loads per warp, under gto and lrr, beside
# the seed's 16 W / 213. Run from the repository root; SIMT_SIM names the
# simulator (default build/frontend/simt-sim).
set -eu
SIM=${SIMT_SIM:-build/frontend/simt-sim}
fp32() {
	"$SIM" configs/g80.ini workloads/latency_hiding.s -D WARPS="$1" -D REPS=1000 \
		--set dram.latency=200 --set mem.coalescing=sector --scheduler "$2" --json - 2>/dev/null |
		sed -n 's/.*"pipe_utilization": {[^}]*"fp32": \([0-9.]*\).*/\1/p'
}
echo "| warps | gto: FP32 pipe busy | seed: min(1, 16 W / 213) | lrr: FP32 pipe busy |"
echo "| --- | --- | --- | --- |"
for w in 11 12 13 14; do
	awk -v w="$w" -v g="$(fp32 "$w" gto)" -v l="$(fp32 "$w" lrr)" 'BEGIN {
		e = 16 * w / 213; if (e > 1) e = 1
		printf "| %d | %.3f | %.3f | %.3f |\n", w, g, e, l }'
done

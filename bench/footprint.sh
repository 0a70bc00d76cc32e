#!/bin/sh
# bench/footprint.sh - how the host's caches bound a timed run: the same
# kernel (tiled_mm on h100.ini at SIZE^3, default 512) on GPUs of fewer
# SMs (gpu.num_sms), so that the work is the same and only the resident
# warps (each SM full: their registers, state and shared memory) grow with
# the SM count; median of REPEAT runs taken interleaved; then this host's
# load-to-use latency by working-set size (bench/host_latency.c).
#
#   bench/footprint.sh                        # SMS="8 16 33 66 132", REPEAT=3
#   SIZE=1024 SMS="8 132" REPEAT=1 bench/footprint.sh
#   SIM=path/to/simt-sim bench/footprint.sh   # a simt-sim built elsewhere
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-3}
SIZE=${SIZE:-512}
SMS=${SMS:-8 16 33 66 132}
if [ -z "${SIM:-}" ]; then
	[ -f build-bench/build.ninja ] || meson setup build-bench --buildtype=release >/dev/null
	ninja -C build-bench >/dev/null
	SIM=build-bench/frontend/simt-sim
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for r in $(seq "$REPEAT"); do
	for n in $SMS; do
		"$SIM" configs/h100.ini workloads/tiled_mm.s -D M="$SIZE" -D N="$SIZE" -D K="$SIZE" \
			--set gpu.num_sms="$n" --json "$T/$n.json" >/dev/null
		python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
			"$T/$n.json" >>"$T/$n.times"
	done
	echo "footprint: pass $r of $REPEAT done" >&2
done
echo "tiled_mm ${SIZE}^3 on h100.ini with gpu.num_sms set:"
echo
echo "| SMs | resident warps (most) | cycles | warp instructions | host s (median of $REPEAT) | M warp-instr/s |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for n in $SMS; do
	python3 - "$T" "$n" <<'PY'
import json, statistics, sys
t, n = sys.argv[1], sys.argv[2]
d = json.load(open(f"{t}/{n}.json"))
times = [float(x) for x in open(f"{t}/{n}.times")]
s = statistics.median(times)
warps = int(n) * d["blocks_per_sm"] * d["block"][0] * d["block"][1] * d["block"][2] // 32
print(f"| {n} | {warps:,} | {d['cycles']:,} | {d['warp_instructions']:,} | {s:.2f} | {d['warp_instructions'] / s / 1e6:.2f} |")
PY
done
cc -O2 -o "$T/host_latency" bench/host_latency.c
echo
echo "This host's load-to-use latency (bench/host_latency.c, a dependent chase):"
echo
echo "| working set MB | ns a load |"
echo "| ---: | ---: |"
"$T/host_latency" | while read -r mb ns; do echo "| $mb | $ns |"; done

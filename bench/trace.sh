#!/bin/sh
# bench/trace.sh - what the warp-state trace costs and how simt-view copes:
#  1. tiled_mm on g80 without and with --trace: host seconds (the JSON's
#     host_seconds, which include writing the trace), the ratio, trace size;
#  2. simt-view --timing on each trace: load (checks + level-of-detail
#     summary) and render times at four zooms, peak memory.
# Release build in build-bench/. Sizes: SIZES (default "512 1024").
# One run each (the 1024 runs take minutes); the machine is shared: quote
# ratios from one run of this script.
set -eu
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"512 1024"}
B=build-bench
[ -f $B/build.ninja ] || meson setup $B --buildtype=release >/dev/null
ninja -C $B >/dev/null
SIM=$B/frontend/simt-sim VIEW=$B/viz/simt-view
T=${TMPDIR:-/tmp}/simt-bench-trace
mkdir -p "$T"
echo "| size | cycles | warp-cycles (running) | intervals | host s | host s with --trace | ratio | trace MB | bytes per interval |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for n in $SIZES; do
	"$SIM" configs/g80.ini workloads/tiled_mm.s -D M=$n -D N=$n -D K=$n --json "$T/a.json" >/dev/null
	"$SIM" configs/g80.ini workloads/tiled_mm.s -D M=$n -D N=$n -D K=$n --json "$T/b.json" --trace "$T/t$n.trc" >/dev/null
	"$VIEW" "$T/t$n.trc" --timing --png "$T/t$n.png" 2>"$T/view$n.txt"
	python3 - "$n" "$T" <<'PY'
import json, os, re, sys
n, t = sys.argv[1], sys.argv[2]
a, b = (json.load(open(f"{t}/{x}.json")) for x in "ab")
size = os.path.getsize(f"{t}/t{n}.trc")
recs = int(re.search(r"([0-9]+) intervals", open(f"{t}/view{n}.txt").read()).group(1))
print(f"| {n} | {a['cycles']} | {a['active_warp_cycles'] if 'active_warp_cycles' in a else 'n/a'} | {recs} | "
      f"{a['host_seconds']:.2f} | {b['host_seconds']:.2f} | {b['host_seconds'] / a['host_seconds']:.2f} | "
      f"{size / 1e6:.1f} | {size / recs:.3f} |")
PY
done
echo
for n in $SIZES; do
	echo "simt-view on the $n trace:"
	/usr/bin/time -f "peak RSS %M KB" "$VIEW" "$T/t$n.trc" --timing --png "$T/t$n.png" 2>&1 | sed 's/^/    /'
done

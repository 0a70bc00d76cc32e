#!/bin/sh
# bench/run.sh - simulation speed: simulated warp instructions and cycles per
# host second for tiled_mm at 256 and 1024 on g80 and h100 (one core).
# Builds a release build in build-bench/ first. Prints a Markdown table of
# medians over REPEAT runs (default 3); the machine is shared and noisy,
# so compare ratios from one run of this script.
#
#   bench/run.sh            # REPEAT=5 bench/run.sh for steadier medians
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-3}
B=build-bench
[ -f $B/build.ninja ] || meson setup $B --buildtype=release >/dev/null
ninja -C $B >/dev/null
SIM=$B/frontend/simt-sim
echo "| config | size | cycles | warp instructions | host s (median of $REPEAT) | M warp-instr/s | M cycles/s | peak RSS MB |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for cfg in g80 h100; do
	for n in 256 1024; do
		times=""
		for _ in $(seq "$REPEAT"); do
			/usr/bin/time -f "%M" -o /tmp/simt-bench-rss "$SIM" configs/$cfg.ini workloads/tiled_mm.s \
				-D M=$n -D N=$n -D K=$n --json /tmp/simt-bench.json >/dev/null
			times="$times $(python3 -c 'import json;print(json.load(open("/tmp/simt-bench.json"))["host_seconds"])')"
		done
		python3 - "$cfg" "$n" "$times" <<'PY'
import json, statistics, sys
cfg, n, times = sys.argv[1], sys.argv[2], [float(t) for t in sys.argv[3].split()]
j = json.load(open("/tmp/simt-bench.json"))
rss = int(open("/tmp/simt-bench-rss").read().split()[-1]) / 1024
t = statistics.median(times)
print(f"| {cfg} | {n} | {j['cycles']} | {j['warp_instructions']} | {t:.2f} | "
      f"{j['warp_instructions'] / t / 1e6:.2f} | {j['cycles'] / t / 1e6:.3f} | {rss:.0f} |")
PY
	done
done

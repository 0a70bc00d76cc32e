#!/bin/sh
# tiling_g80.sh - seed 004's point on the G80: what the tiled matmul saves
# against the naive one at 256^3 (TILE 16), as a Markdown table. Run from
# the repository root; SIMT_SIM names the simulator (default
# build/frontend/simt-sim).
set -eu
SIM=${SIMT_SIM:-build/frontend/simt-sim}
for w in tiled_mm naive_mm; do
	"$SIM" configs/g80.ini "workloads/$w.s" -D M=256 -D N=256 -D K=256 --json "/tmp/simt-fig-$w-$$.json" >/dev/null
done
python3 - "/tmp/simt-fig-tiled_mm-$$.json" "/tmp/simt-fig-naive_mm-$$.json" <<'PY'
import json, sys
t, n = (json.load(open(p)) for p in sys.argv[1:3])
def grp(v): return f"{v:,}".replace(",", " ")
rows = [("bytes the threads request", t["memory"]["global_bytes_requested"], n["memory"]["global_bytes_requested"]),
        ("bytes moved (transactions x their size)", t["memory"]["global_bytes"], n["memory"]["global_bytes"]),
        ("cycles", t["cycles"], n["cycles"])]
print("| | tiled | naive | naive / tiled |")
print("| --- | --- | --- | --- |")
for name, a, b in rows:
    print(f"| {name} | {grp(a)} | {grp(b)} | {b / a:.1f} |")
print(f"| achieved DRAM bandwidth (GB/s) | {t['memory']['dram_gb_per_s']:.1f} | {n['memory']['dram_gb_per_s']:.1f} | |")
PY
rm -f /tmp/simt-fig-tiled_mm-$$.json /tmp/simt-fig-naive_mm-$$.json

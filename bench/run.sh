#!/bin/sh
# bench/run.sh - simulation speed: simulated warp instructions and cycles per
# host second, on one core, for tiled_mm and naive_mm on g80.ini and
# h100.ini; median of REPEAT runs taken interleaved (every case once, then
# again), peak RSS; and, with CALLGRIND=1, host instructions per simulated
# warp instruction from valgrind --tool=callgrind on the 128^3 cases and
# h100.ini tiled_mm 256^3 on 8 full SMs (a
# count that machine noise does not move: judge each change by it).
# Builds a release build in build-bench/ first; prints Markdown tables.
#
#   bench/run.sh                          # sizes 256 and 1024, REPEAT=5
#   SIZES=256 REPEAT=3 bench/run.sh       # quicker
#   CALLGRIND=1 SIZES= bench/run.sh       # only the instruction counts
#   FUNCTIONAL=512 SIZES= bench/run.sh    # --functional at 512^3 (median of REPEAT)
#   CUDA=1 SIZES= bench/run.sh            # the CUDA teaching kernels (workloads/cuda/), default
#                                         # sizes, h100.ini, timed and --functional
#   JOBS="1 2 4 8 16" SIZES= bench/run.sh # --jobs scaling: tiled_mm on h100.ini at
#                                         # JOBS_SIZE^3 (default 1024), median of REPEAT
#   FOOTPRINT="8 16 33 66 132" SIZES= bench/run.sh
#                                         # how the host's caches bound a timed run:
#                                         # tiled_mm on h100.ini at FOOTPRINT_SIZE^3 (default
#                                         # 512) with gpu.num_sms set to each (the work fixed,
#                                         # every SM full: the resident warps grow with the
#                                         # SMs), median of REPEAT; then this host's load
#                                         # latency by working-set size (bench/host_latency.c)
#   SIM=path/to/simt-sim bench/run.sh     # a simt-sim built elsewhere (no build here)
#   MARCH=x86-64-v3 bench/run.sh          # built with -Dmarch=x86-64-v3 (AVX2, FMA), in
#                                         # build-bench-x86-64-v3/ (valgrind runs it; not native
#                                         # on an AVX-512 host, which valgrind cannot)
set -eu
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-5}
SIZES=${SIZES-256 1024}
if [ -z "${SIM:-}" ]; then
	B=build-bench${MARCH:+-$MARCH}
	[ -f $B/build.ninja ] || meson setup $B --buildtype=release -Dmarch="${MARCH:-}" >/dev/null
	ninja -C $B >/dev/null
	SIM=$B/frontend/simt-sim
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CASES=""
for cfg in g80 h100; do
	for w in tiled_mm naive_mm; do
		for n in $SIZES; do
			CASES="$CASES $cfg:$w:$n"
		done
	done
done
if [ -n "$CASES" ]; then
	for r in $(seq "$REPEAT"); do
		for c in $CASES; do
			IFS=: read -r cfg w n <<EOF
$c
EOF
			/usr/bin/time -f "%M" -o "$T/$c.rss" "$SIM" "configs/$cfg.ini" "workloads/$w.s" \
				-D M="$n" -D N="$n" -D K="$n" --json "$T/$c.json" >/dev/null
			python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
				"$T/$c.json" >>"$T/$c.times"
		done
		echo "bench: pass $r of $REPEAT done" >&2
	done
	echo "| config | workload | size | cycles | warp instructions | host s (median of $REPEAT) | M warp-instr/s | M cycles/s | peak RSS MB |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	for c in $CASES; do
		python3 - "$T" "$c" <<'PY'
import json, statistics, sys
t, c = sys.argv[1], sys.argv[2]
cfg, w, n = c.split(":")
j = json.load(open(f"{t}/{c}.json"))
times = [float(x) for x in open(f"{t}/{c}.times").read().split()]
rss = int(open(f"{t}/{c}.rss").read().split()[-1]) / 1024
m = statistics.median(times)
print(f"| {cfg} | {w} | {n} | {j['cycles']} | {j['warp_instructions']} | {m:.2f} | "
      f"{j['warp_instructions'] / m / 1e6:.2f} | {j['cycles'] / m / 1e6:.3f} | {rss:.0f} |")
PY
	done
fi
if [ -n "${FUNCTIONAL:-}" ]; then
	# --functional: the kernel's results only, no timing
	n=$FUNCTIONAL
	for r in $(seq "$REPEAT"); do
		for cfg in g80 h100; do
			for w in tiled_mm naive_mm; do
				"$SIM" "configs/$cfg.ini" "workloads/$w.s" -D M="$n" -D N="$n" -D K="$n" --functional \
					--json "$T/f-$cfg-$w.json" >/dev/null
				python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
					"$T/f-$cfg-$w.json" >>"$T/f-$cfg-$w.times"
			done
		done
	done
	echo
	echo "| config | workload | size | mode | warp instructions | host s (median of $REPEAT) | M warp-instr/s |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for cfg in g80 h100; do
		for w in tiled_mm naive_mm; do
			python3 - "$T" "$cfg" "$w" "$n" <<'PY'
import json, statistics, sys
t, cfg, w, n = sys.argv[1:5]
j = json.load(open(f"{t}/f-{cfg}-{w}.json"))
m = statistics.median(float(x) for x in open(f"{t}/f-{cfg}-{w}.times").read().split())
print(f"| {cfg} | {w} | {n} | functional | {j['warp_instructions']} | {m:.2f} | {j['warp_instructions'] / m / 1e6:.1f} |")
PY
		done
	done
fi
if [ "${CUDA:-0}" = 1 ]; then
	# the CUDA teaching kernels of workloads/cuda/ at their default sizes on
	# h100.ini, timed and --functional, from their committed PTX (no toolkit
	# needed); a launch this small mostly measures the run's fixed cost
	for r in $(seq "$REPEAT"); do
		for wl in workloads/cuda/*.s; do
			b=$(basename "$wl" .s)
			for mode in timed functional; do
				SIMT_NVCC=none SIMT_PTXAS=none "$SIM" configs/h100.ini "$wl" \
					$([ $mode = functional ] && echo --functional) --json "$T/c-$b-$mode.json" \
					>/dev/null 2>&1 || true
				[ -s "$T/c-$b-$mode.json" ] && python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
					"$T/c-$b-$mode.json" >>"$T/c-$b-$mode.times"
			done
		done
	done
	echo
	echo "| workload (h100.ini, default size) | cycles | warp instructions | timed host ms (median of $REPEAT) | M warp-instr/s | --functional ms | M warp-instr/s |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for wl in workloads/cuda/*.s; do
		python3 - "$T" "$(basename "$wl" .s)" <<'PY'
import json, os, statistics, sys
t, b = sys.argv[1:3]
if not os.path.exists(f"{t}/c-{b}-timed.times"):
    sys.exit(0)  # refused or no result (a planted fault reports one)
j = json.load(open(f"{t}/c-{b}-timed.json"))
m = statistics.median(float(x) for x in open(f"{t}/c-{b}-timed.times").read().split())
f = statistics.median(float(x) for x in open(f"{t}/c-{b}-functional.times").read().split())
wi = j["warp_instructions"]
print(f"| {b} | {j['cycles']} | {wi} | {m * 1e3:.2f} | {wi / m / 1e6:.2f} | {f * 1e3:.2f} | {wi / f / 1e6:.2f} |")
PY
	done
fi
if [ -n "${JOBS:-}" ]; then
	# --jobs N: the same run on N host threads (identical results), interleaved
	n=${JOBS_SIZE:-1024}
	for r in $(seq "$REPEAT"); do
		for j in $JOBS; do
			"$SIM" configs/h100.ini workloads/tiled_mm.s -D M="$n" -D N="$n" -D K="$n" --jobs "$j" \
				--json "$T/j-$j.json" >/dev/null
			python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
				"$T/j-$j.json" >>"$T/j-$j.times"
		done
		echo "bench: jobs pass $r of $REPEAT done" >&2
	done
	echo
	echo "| config | workload | size | --jobs | host s (median of $REPEAT) | speed-up | M warp-instr/s | results as --jobs 1 |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
	first=$(echo $JOBS | cut -d' ' -f1)
	for j in $JOBS; do
		python3 - "$T" "$j" "$first" "$n" <<'PY'
import json, statistics, sys
t, j, first, n = sys.argv[1:5]
def load(k):
    d = json.load(open(f"{t}/j-{k}.json"))
    m = statistics.median(float(x) for x in open(f"{t}/j-{k}.times").read().split())
    d.pop("host_seconds")
    return d, m
d, m = load(j)
d1, m1 = load(first)
print(f"| h100 | tiled_mm | {n} | {j} | {m:.2f} | {m1 / m:.2f} | {d['warp_instructions'] / m / 1e6:.2f} | "
      f"{'identical' if d == d1 else 'DIFFERENT'} |")
PY
	done
fi
if [ -n "${FOOTPRINT:-}" ]; then
	n=${FOOTPRINT_SIZE:-512}
	for r in $(seq "$REPEAT"); do
		for sms in $FOOTPRINT; do
			"$SIM" configs/h100.ini workloads/tiled_mm.s -D M="$n" -D N="$n" -D K="$n" \
				--set gpu.num_sms="$sms" --json "$T/fp-$sms.json" >/dev/null
			python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host_seconds"])' \
				"$T/fp-$sms.json" >>"$T/fp-$sms.times"
		done
		echo "bench: footprint pass $r of $REPEAT done" >&2
	done
	echo
	echo "| config | workload | size | SMs | resident warps (most) | cycles | warp instructions | host s (median of $REPEAT) | M warp-instr/s |"
	echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
	for sms in $FOOTPRINT; do
		python3 - "$T" "$sms" "$n" <<'PY'
import json, statistics, sys
t, sms, n = sys.argv[1:4]
d = json.load(open(f"{t}/fp-{sms}.json"))
m = statistics.median(float(x) for x in open(f"{t}/fp-{sms}.times").read().split())
warps = int(sms) * d["blocks_per_sm"] * d["block"][0] * d["block"][1] * d["block"][2] // 32
print(f"| h100 | tiled_mm | {n} | {sms} | {warps:,} | {d['cycles']:,} | {d['warp_instructions']:,} | {m:.2f} | "
      f"{d['warp_instructions'] / m / 1e6:.2f} |")
PY
	done
	cc -O2 -o "$T/host_latency" bench/host_latency.c
	echo
	echo "| working set MB | ns a dependent load (bench/host_latency.c) |"
	echo "| ---: | ---: |"
	"$T/host_latency" | while read -r mb ns; do echo "| $mb | $ns |"; done
fi
if [ "${CALLGRIND:-0}" = 1 ]; then
	echo
	# the whole process (parsing, setup, the run, the result check), and of
	# it sim_run's inclusive count (the simulation alone), per warp instruction
	echo "| config | workload | size | host instructions | warp instructions | host instructions per warp instruction | of which sim_run |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	# the four 128^3 cases (an h100.ini SM holds 8 of its 64 warps there),
	# then h100.ini tiled_mm with every SM full: 256^3 on 8 SMs (gpu.num_sms),
	# 64 warps each, the path a large kernel takes
	for c in g80:tiled_mm:128: g80:naive_mm:128: h100:tiled_mm:128: h100:naive_mm:128: h100:tiled_mm:256:8; do
		IFS=: read -r cfg w n sms <<EOF
$c
EOF
		valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "$SIM" "configs/$cfg.ini" "workloads/$w.s" \
			-D M="$n" -D N="$n" -D K="$n" ${sms:+--set gpu.num_sms=$sms} --json "$T/cg.json" >/dev/null 2>"$T/cg.err"
		ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg.err")
		run=$(callgrind_annotate --inclusive=yes "$T/cg.out" | sed -n 's/^ *\([0-9,]*\) .*[:]sim_run .*/\1/p' | head -1 | tr -d ,)
		python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); ir=int(sys.argv[2]); run=int(sys.argv[5] or 0); wi=j["warp_instructions"]; print(f"| {sys.argv[3]} | {sys.argv[4]} | {sys.argv[6]} | {ir} | {wi} | {ir / wi:.0f} | {run / wi:.0f} |")' \
			"$T/cg.json" "$ir" "$cfg" "$w" "$run" "$n${sms:+, $sms SMs}"
	done
fi

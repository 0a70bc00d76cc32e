#!/bin/sh
# gpu.sh - the GPU side of the one-source cross-validation, on a machine
# with an NVIDIA GPU and Nsight Compute: every case of cases.txt run by
# simt-gpu (the workload's CUDA kernel, unchanged, its PTX compiled by the
# driver for this GPU; the workload's inputs and bit-exact checks) under
# ncu, three launches each, twice:
#   cold  ncu --cache-control all: L1 and L2 flushed before every launch
#         (simt-sim starts every run with empty caches);
#   warm  ncu --cache-control none: the inputs stay where the copy and the
#         previous launch left them (launches 2 and 3 are the warm ones).
# Clocks are left to the GPU (--clock-control none): it runs at its own
# boost clock, as a user's kernel does. Per launch: sm__cycles_elapsed.max
# (the kernel's duration in SM cycles, launch included), sm__cycles_active.max
# (the busiest SM's cycles with a block resident), gpu__time_duration.sum
# (ns) and smsp__inst_executed.sum (warp instructions).
#
#   scripts/xval/gpu.sh SIMT_GPU OUTDIR [CASE...]
#   CASES=scripts/xval/launch_cases.txt scripts/xval/gpu.sh SIMT_GPU OUTDIR
#
# OUTDIR gets one file per case and mode (NAME.cold.csv, NAME.warm.csv) and
# gpu.txt (nvidia-smi: name, driver, clocks). scripts/xval/table.py reads it.
set -u
gpu=$1
out=$2
shift 2
here=$(dirname "$0")
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total --format=csv > "$out/gpu.txt" 2>&1
M=sm__cycles_elapsed.max,sm__cycles_active.max,gpu__time_duration.sum,smsp__inst_executed.sum
grep -v '^#' "${CASES:-$here/cases.txt}" | while read -r name wl args; do
	[ -n "$name" ] || continue
	if [ $# -gt 0 ]; then
		want=0
		for c in "$@"; do [ "$c" = "$name" ] && want=1; done
		[ $want = 1 ] || continue
	fi
	# shellcheck disable=SC2086 # args are -D NAME=VALUE words
	ncu --cache-control all --clock-control none --metrics $M --csv "$gpu" "$wl" $args --repeat 3 \
		> "$out/$name.cold.csv" 2>&1 < /dev/null
	# shellcheck disable=SC2086
	ncu --cache-control none --clock-control none --metrics $M --csv "$gpu" "$wl" $args --repeat 3 \
		> "$out/$name.warm.csv" 2>&1 < /dev/null
	echo "xval gpu: $name done" >&2
done

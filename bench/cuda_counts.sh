#!/bin/sh
# cuda_counts.sh - on a machine with an NVIDIA GPU and Nsight Compute: every
# CUDA workload (workloads/cuda/*.s) run by simt-gpu under ncu, recording the
# warp instructions it executed (smsp__inst_executed.sum) and its checks; and
# the SASS ptxas writes for each kernel file. docs/CUDA.md's table comes from
# this output beside simt-sim's counts (scripts/cuda_table.py). For the
# kernels whose warps split (the spin loops, the counted divergent loop,
# the warp-aggregated atomic), also the executions of every SASS
# instruction, warp and thread (ncu's SourceCounters), in src_NAME.csv: the
# evidence for the ITS model's yield and reconvergence rules
# (docs/DIVERGENCE.md).
#
#   bench/cuda_counts.sh SIMT_GPU OUTDIR
set -u
gpu=$1
out=$2
mkdir -p "$out"
: > "$out/ncu.txt"
for w in workloads/cuda/*.s; do
	echo "== $w" >> "$out/ncu.txt"
	ncu --metrics smsp__inst_executed.sum,sm__cycles_elapsed.max,gpu__time_duration.sum --csv "$gpu" "$w" >> "$out/ncu.txt" 2>&1
	echo "rc=$?" >> "$out/ncu.txt"
done
: > "$out/sass.txt"
: > "$out/ptxas.txt"
for cu in workloads/cuda/*.cu; do
	[ "$(basename "$cu")" = xval.cu ] && continue
	nvcc -O3 -cubin -arch=sm_90 -o /tmp/k.cubin "$cu" && {
		echo "== $cu" >> "$out/sass.txt"
		cuobjdump -sass /tmp/k.cubin >> "$out/sass.txt"
	}
	nvcc -O3 -arch=sm_90 -Xptxas -v -cubin -o /tmp/k.cubin "$cu" >> "$out/ptxas.txt" 2>&1
done
for w in spinlock spinlock_sleep divergent_loop warp_aggregated_atomic; do
	ncu --section SourceCounters -o "/tmp/src_$w" -f "$gpu" "workloads/cuda/$w.s" > /dev/null 2>&1
	ncu -i "/tmp/src_$w.ncu-rep" --page source --print-source sass --csv > "$out/src_$w.csv" 2>&1
done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >> "$out/ncu.txt" 2>&1

#!/bin/sh
# micro_h100.sh - the microbenchmarks on configs/h100.ini beside what the
# H100 measured (tests/data/h100_gpu/gpu.txt, the final cross-validation
# run), as a Markdown table. Run from the repository root; SIMT_SIM names
# the simulator (default build/frontend/simt-sim).
set -eu
SIM=${SIMT_SIM:-build/frontend/simt-sim}
GPU=tests/data/h100_gpu/gpu.txt
# the value of the report (or JSON key) of one run
sim() { # workload report args...
	w=$1 k=$2
	shift 2
	"$SIM" configs/h100.ini "workloads/micro/$w.s" "$@" --json - 2>/dev/null | python3 -c \
		"import json,sys; j=json.load(sys.stdin); k='$k'; v=j['reports'][k] if k in j['reports'] else j['memory'][k]; print(f'{v:.2f}')"
}
gpu() { # case id, key
	sed -n "s/^$1 .* $2=\([0-9.]*\).*/\1/p" "$GPU" | tail -n 1
}
echo "| workload | simt-sim arguments | measures | simulated (h100.ini) | H100 measured | H100 case |"
echo "| --- | --- | --- | --- | --- | --- |"
row() { # workload report args | gpu-id gpu-key what
	w=$1 r=$2 args=$3 id=$4 key=$5 what=$6
	# shellcheck disable=SC2086
	echo "| \`$w.s\` | \`$args\` | $what | $(sim "$w" "$r" $args) | $(gpu "$id" "$key") | \`$id\` |"
}
row pointer_chase cycles_per_load "-D SIZE=16384" micro-pointer_chase-SIZE16384-STRIDE128-WARM1-ITERS256 cycles_per_load "L1 load-to-use (cycles)"
row pointer_chase cycles_per_load "-D SIZE=1048576" micro-pointer_chase-SIZE1048576-STRIDE128-WARM1-ITERS256 cycles_per_load "L2 load-to-use (cycles)"
row pointer_chase cycles_per_load "-D SIZE=1048576 -D WARM=0" micro-pointer_chase-SIZE134217728-STRIDE128-WARM1-ITERS256 cycles_per_load "DRAM load-to-use (cycles; the GPU: a warm chase of 128 MB)"
row smem_stride cycles_per_access "-D STRIDE=1" micro-smem_stride-STRIDE1-ITERS128 cycles_per_access "shared access, no conflict (cycles)"
row smem_stride cycles_per_access "-D STRIDE=2" micro-smem_stride-STRIDE2-ITERS128 cycles_per_access "shared access, 2-way conflict (cycles)"
row smem_stride cycles_per_access "-D STRIDE=32" micro-smem_stride-STRIDE32-ITERS128 cycles_per_access "shared access, 32-way conflict (cycles)"
row gmem_stride cycles_per_request "-D STRIDE=1 -D ITERS=64" micro-gmem_stride-STRIDE1-ITERS64 cycles_per_request "coalesced loads (cycles per request)"
row gmem_stride cycles_per_request "-D STRIDE=32 -D ITERS=64" micro-gmem_stride-STRIDE32-ITERS64 cycles_per_request "one sector per lane (cycles per request)"
row fma_chain cycles_per_fma "-D ITERS=256" micro-fma_chain-ITERS256 cycles_per_fma "dependent FMA (cycles)"
row syncthreads cycles_per_barrier "-D THREADS=256 -D ITERS=64" micro-syncthreads-THREADS256-ITERS64 cycles_per_barrier "__syncthreads, 256 threads (cycles)"
row syncthreads cycles_per_barrier "-D THREADS=1024 -D ITERS=64" micro-syncthreads-THREADS1024-ITERS64 cycles_per_barrier "__syncthreads, 1024 threads (cycles)"
row stream_copy dram_gb_per_s "-D N=4194304" micro-stream_copy-N4194304-THREADS256 gb_per_s "copy bandwidth (GB/s)"

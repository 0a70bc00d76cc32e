#!/bin/sh
# ncu_metrics.sh - where the large matmuls' time goes on the GPU: stall
# reasons per issue, the L1 data pipe's wavefronts (shared and global), L1
# and L2 sectors and hits, DRAM bytes, for the seed's matmuls of
# workloads/cuda/ at 256^3, 512^3 and 1024^3 (cold: ncu --cache-control all).
# Its output of 2026-11-25 on an H100 is docs/data/xval-h100/ncu-data-pipe.txt,
# the measurement behind mem.data_pipe_per_cycle.
#
#   [CASES="naive_mm 1000;tiled_mm8 1000"] scripts/xval/ncu_metrics.sh SIMT_GPU OUTDIR
set -u
G=$1
out=$2
S=stalled
M=sm__cycles_elapsed.max,sm__cycles_active.avg,smsp__inst_executed.sum
for r in long_scoreboard short_scoreboard mio_throttle lg_throttle barrier math_pipe_throttle wait not_selected selected no_instruction dispatch_stall branch_resolving tex_throttle drain misc; do
  M=$M,smsp__average_warps_issue_${S}_${r}_per_issue_active.ratio
done
M=$M,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum
M=$M,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
M=$M,l1tex__t_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__m_xbar2l1tex_read_sectors.sum
M=$M,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,dram__bytes_read.sum
M=$M,l1tex__throughput.avg.pct_of_peak_sustained_active,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
mkdir -p "$out"
CASES=${CASES:-"tiled_mm8 1024;tiled_mm16 1024;tiled_mm32 1024;naive_mm 1024;tiled_mm8 512;tiled_mm16 512;naive_mm 512;tiled_mm8 256;tiled_mm16 256;naive_mm 256"}
echo "$CASES" | tr ';' '\n' | while read -r c; do
	set -- $c
	timeout 120 ncu --cache-control all --clock-control none --metrics $M --csv "$G" workloads/cuda/$1.s \
		-D M=$2 -D N=$2 -D K=$2 > "$out/$1_$2.csv" 2>&1 < /dev/null
	echo "$c rc=$?"
done

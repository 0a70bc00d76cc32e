#!/bin/sh
# ncu_l1_stages.sh - the L1's stages on the GPU, per kernel: data-pipe
# wavefronts split into reads and writes, shared and global (lgds), the tag
# stage's output wavefronts, register writebacks, bank reads and writes, the
# requests the LSU took in, misses, and the stall reasons that point at the
# L1 (mio_throttle, lg_throttle, scoreboards). For the seed's matmuls of
# workloads/cuda/ (cold: ncu --cache-control all), gmem_rows shapes and
# ldg_issue. Its output of 2026-11-26 on an H100 is
# docs/data/xval-h100/ncu-l1-stages.txt (MEMORY.md, VALIDATION.md).
#
#   scripts/xval/ncu_l1_stages.sh BINDIR OUTDIR    (BINDIR: simt-gpu, simt-cuda)
set -u
G=$1/simt-gpu
C=$1/simt-cuda
OUT=$2
mkdir -p "$OUT"
M=sm__cycles_active.avg,sm__cycles_active.sum,smsp__inst_executed.sum,l1tex__cycles_active.sum,l1tex__f_cycles_active.sum,l1tex__f_wavefronts.sum
for n in data_pipe_lsu_wavefronts data_pipe_lsu_wavefronts_cmd_read data_pipe_lsu_wavefronts_cmd_write data_pipe_lsu_wavefronts_mem_lgds data_pipe_lsu_wavefronts_mem_lgds_cmd_read data_pipe_lsu_wavefronts_mem_lgds_cmd_write data_pipe_lsu_wavefronts_mem_shared_op_ld data_pipe_lsu_wavefronts_mem_shared_op_st t_output_wavefronts_pipe_lsu_mem_global_op_ld lsu_writeback_active lsu_writeback_active_mem_lgds lsu_writeback_active_mem_shared data_bank_reads data_bank_writes data_bank_conflicts_pipe_lsu data_bank_conflicts_type_arbitration lsuin_requests t_requests_pipe_lsu_mem_global_op_ld t_sectors_pipe_lsu_mem_global_op_ld t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss m_xbar2l1tex_read_sectors m_l1tex2xbar_req_cycles_active; do M=$M,l1tex__$n.sum; done
M=$M,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
while read -r name wl args; do
  timeout 200 ncu --cache-control all --clock-control none --metrics $M --csv "$G" $wl $args > "$OUT/$name.csv" 2>&1 < /dev/null
  echo "$name rc=$?" >> "$OUT/log.txt"
done <<EOF
tiled_mm8_512 workloads/cuda/tiled_mm8.s -D M=512 -D N=512 -D K=512
tiled_mm8_1000 workloads/cuda/tiled_mm8.s -D M=1000 -D N=1000 -D K=1000
tiled_mm8_1024 workloads/cuda/tiled_mm8.s -D M=1024 -D N=1024 -D K=1024
tiled_mm16_512 workloads/cuda/tiled_mm16.s -D M=512 -D N=512 -D K=512
tiled_mm16_1000 workloads/cuda/tiled_mm16.s -D M=1000 -D N=1000 -D K=1000
tiled_mm32_1024 workloads/cuda/tiled_mm32.s -D M=1024 -D N=1024 -D K=1024
naive_mm_256 workloads/cuda/naive_mm.s -D M=256 -D N=256 -D K=256
naive_mm_1000 workloads/cuda/naive_mm.s -D M=1000 -D N=1000 -D K=1000
EOF

for a in "4 1 4096 0 32 256 1" "4 1 4000 0 32 256 1" "4 1 4096 0 1 256 1" "1 1 0 0 1 256 1" "1 1 0 0 32 256 1"; do
  timeout 60 ncu --metrics $M --csv "$C" micro gmem_rows $a > "$OUT/rows_$(echo $a | tr ' ' _).csv" 2>&1 < /dev/null
done
for w in 1 8; do timeout 60 ncu --metrics $M --csv "$C" micro ldg_issue $w 1 > "$OUT/ldg_$w.csv" 2>&1 < /dev/null; done

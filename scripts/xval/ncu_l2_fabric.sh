#!/bin/sh
# ncu_l2_fabric.sh - how many of the matmuls' L2 sectors cross between the
# H100's two L2 partitions (Nsight Compute: lts__t_sectors_srcunit_ltcfabric,
# the sectors an L2 slice serves for the other partition), cold, beside
# all L2 sectors and the L1's misses. Output: docs/data/xval-h100/ncu-l2-fabric.txt.
#
#   scripts/xval/ncu_l2_fabric.sh BINDIR > ncu-l2-fabric.txt    (BINDIR: simt-gpu)
set -u
G=$1/simt-gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u +%F
M=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_active.max,lts__t_sectors.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,lts__t_sectors_srcunit_ltcfabric_lookup_hit.sum,lts__t_sectors_srcunit_ltcfabric_lookup_miss.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
while read -r name wl args; do
  echo "ncu $name"
  for cc in all none; do
    echo "cache-control $cc"
    timeout 200 ncu --cache-control $cc --clock-control none --metrics $M --csv "$G" $wl $args 2>&1 < /dev/null |
      grep '^"0"' | awk -F'","' '{print $(NF-2), $NF}' | tr -d '"'
  done
done <<LIST
naive_mm_256 workloads/cuda/naive_mm.s -D M=256 -D N=256 -D K=256
naive_mm_500x300x200 workloads/cuda/naive_mm.s -D M=500 -D N=300 -D K=200
naive_mm_1024 workloads/cuda/naive_mm.s -D M=1024 -D N=1024 -D K=1024
tiled_mm8_512 workloads/cuda/tiled_mm8.s -D M=512 -D N=512 -D K=512
tiled_mm8_1024 workloads/cuda/tiled_mm8.s -D M=1024 -D N=1024 -D K=1024
tiled_mm16_256 workloads/cuda/tiled_mm16.s -D M=256 -D N=256 -D K=256
tiled_mm16_512 workloads/cuda/tiled_mm16.s -D M=512 -D N=512 -D K=512
tiled_mm32_512 workloads/cuda/tiled_mm32.s -D M=512 -D N=512 -D K=512
LIST

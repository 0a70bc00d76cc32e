#!/bin/sh
# lsu_share.sh - how the L1's passes are shared between warps and
# sub-partitions, on the GPU: simt-cuda micro lsu_share for shared and
# global loads of 1 to 32 passes, 1 to 32 warps (and with ONE 1 only the
# warps of sub-partition 0 loading), then Nsight Compute's shared-memory
# wavefronts and bank conflicts for the transposes and two lsu_share shapes.
# Output: docs/data/xval-h100/lsu-share.txt (MEMORY.md).
#
#   scripts/xval/lsu_share.sh BINDIR > lsu-share.txt    (BINDIR: simt-gpu, simt-cuda)
set -u
G=$1/simt-gpu
C=$1/simt-cuda
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u +%F
for space in 0 1; do
  for one in 0 1; do
    for w in 1 2 3 4 5 8 16 32; do
      [ $one = 1 ] && [ $w -lt 5 ] && continue
      for s in 1 2 4 8 16 32; do
        "$C" micro lsu_share $space $w $one $s 256 | grep '^micro='
      done
    done
  done
done
M=sm__cycles_active.max,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__lsu_writeback_active.sum,l1tex__lsu_writeback_active_mem_shared.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
for wl in transpose_shared transpose_padded; do
  echo "ncu $wl"
  timeout 120 ncu --cache-control all --clock-control none --metrics $M --csv "$G" workloads/cuda/$wl.s 2>&1 < /dev/null |
    grep '^"0"' | awk -F'","' '{print $(NF-2), $NF}' | tr -d '"'
done
for a in "0 1 0 32 256" "0 4 0 32 256" "0 8 0 32 256" "0 32 0 32 256" "1 1 0 32 256" "1 8 0 32 256"; do
  echo "ncu lsu_share $a"
  timeout 60 ncu --metrics $M --csv "$C" micro lsu_share $a 2>&1 < /dev/null |
    grep '^"0"' | awk -F'","' '{print $(NF-2), $NF}' | tr -d '"'
done
echo "sass lsu_share: the function's loads and branches"
cuobjdump -sass "$C" | awk '/Function : .*lsu_share/{f=1} f&&/Function : / && !/lsu_share/{f=0} f' | grep -E 'LDS|LDG|BRA|Function' | awk '{print $1, $2, $3, $4}'

; shfl_reduce.s - a warp sum with __shfl_down_sync (warp_sync.cu): lane 0 ends
; with 0 + 1 + ... + 31 = 496.
.cuda "warp_sync.cu" shfl_reduce
.buffer input s32 32 iota
.buffer out s32 1 zero
.arg input
.arg out
.grid 1
.block 32
.check out {496}

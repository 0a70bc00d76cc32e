; warp_reduce_syncwarp.s - the seed's shared-memory warp reduction made safe
; with __syncwarp (warp_sync.cu): thread 0 ends with 0 + 1 + ... + 31 = 496.
.cuda "warp_sync.cu" warp_reduce_syncwarp
.buffer input s32 32 iota
.buffer out s32 1 zero
.arg input
.arg out
.grid 1
.block 32
.check out {496}

; warp_aggregated_atomic.s - the seed's atomicAggInc (warp_sync.cu): threads
; that increment the same counter combine into one atomic per
; __match_any_sync group. 64 threads: counters end at 22, 21, 21.
.cuda "warp_sync.cu" warp_aggregated_atomic
.param THREADS 64
.buffer counters s32 3 zero
.buffer out s32 THREADS zero
.arg counters
.arg out
.grid 1
.block THREADS
.check counters {(THREADS + 2) / 3, (THREADS + 1) / 3, THREADS / 3}

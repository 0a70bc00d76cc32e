; lock_rounds_nofence.s - seed 002's mutex without __threadfence()
; (lock_rounds.cu). Each thread stores the cycles from its start to its
; release; the lanes win in lane order, so a round is (last - first) / 31.
;
;   simt-sim configs/h100.ini workloads/micro/lock_rounds_nofence.s
.cuda "lock_rounds.cu" lock_rounds_nofence
.buffer counter u32 1 zero
.buffer out u32 32 zero
.arg counter
.arg out
.grid 1
.block 32
.check counter {32}
.report first out, 0
.report last out, 31

; lock_rounds_warps.s - seed 002's mutex taken by lane 0 of each of 32 warps
; (lock_rounds.cu): contention between warps, no warp split. out[w] is the
; cycles from warp w's start to its release; the warps win in no fixed
; order, so a round is the spread of w0..w31 over 31.
;
;   simt-sim configs/h100.ini workloads/micro/lock_rounds_warps.s
.cuda "lock_rounds.cu" lock_rounds_warps
.buffer counter u32 1 zero
.buffer out u32 32 zero
.arg counter
.arg out
.grid 1
.block 1024
.check counter {32}
.report w0 out, 0
.report w1 out, 1
.report w2 out, 2
.report w3 out, 3
.report w4 out, 4
.report w5 out, 5
.report w6 out, 6
.report w7 out, 7
.report w8 out, 8
.report w9 out, 9
.report w10 out, 10
.report w11 out, 11
.report w12 out, 12
.report w13 out, 13
.report w14 out, 14
.report w15 out, 15
.report w16 out, 16
.report w17 out, 17
.report w18 out, 18
.report w19 out, 19
.report w20 out, 20
.report w21 out, 21
.report w22 out, 22
.report w23 out, 23
.report w24 out, 24
.report w25 out, 25
.report w26 out, 26
.report w27 out, 27
.report w28 out, 28
.report w29 out, 29
.report w30 out, 30
.report w31 out, 31

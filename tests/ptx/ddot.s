; ddot.s - tests/ptx/f64.cu's ddot: a double dot product of 10,000 random
; ints, each scaled by 2^-20 (exactly), 8 blocks of 256 threads,
; each block's sum its own output; then 8 x the sum of 0.5 (t + 1) over a
; block's threads, by atomicAdd (exact in any order). Checked against the
; host's C in the kernel's order and an H200 by the test ptx/ddot_as_h200.
.ptx "f64.ptx" ddot
.buffer X s32 10000 random(31)
.buffer Y s32 10000 random(32)
.buffer OUT u32 18 zero
.arg X
.arg Y
.arg OUT
.arg n 10000
.grid 8
.block 256

; shfl_reduce.s - a warp sum with __shfl_down_sync (seed 002):
;
;   int val = input[tid];
;   for (int offset = 16; offset > 0; offset /= 2)
;       val += __shfl_down_sync(0xffffffff, val, offset);
;
; Lane 0 ends with the sum: 0 + 1 + ... + 31 = 496.

.kernel shfl_reduce
.buffer input s32 32 iota
.buffer out s32 32 zero
.arg input
.arg out
.grid 1
.block 32
.check out {496}

        s2r     r0, %tid.x
        shl     r1, r0, 2
        ldc     r2, input
        iadd    r2, r2, r1
        ldg     r3, [r2]                ; val = input[tid]
        shfl.down r4, r3, 16, 0xffffffff
        iadd    r3, r3, r4
        shfl.down r4, r3, 8, 0xffffffff
        iadd    r3, r3, r4
        shfl.down r4, r3, 4, 0xffffffff
        iadd    r3, r3, r4
        shfl.down r4, r3, 2, 0xffffffff
        iadd    r3, r3, r4
        shfl.down r4, r3, 1, 0xffffffff
        iadd    r3, r3, r4
        ldc     r5, out
        iadd    r5, r5, r1
        stg     [r5], r3                ; out[tid] = val
        exit

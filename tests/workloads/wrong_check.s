; wrong_check.s - writes tid + 1 but checks for tid: the check fails (exit 1).
.grid 1
.block 32
.buffer out s32 32 zero
.arg out
.check out expr(i)
        s2r     r0, %tid.x
        iadd    r2, r0, 1
        shl     r0, r0, 2
        ldc     r1, out
        iadd    r1, r1, r0
        stg     [r1], r2
        exit

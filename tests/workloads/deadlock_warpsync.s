; deadlock_warpsync.s - half the warp waits at warpsync for the whole warp,
; the other half at the block barrier: nobody can move (exit code 3).
.grid 1
.block 32
        s2r     r0, %tid.x
        isetp.lt.u32 p0, r0, 16
        @!p0 bra other
        warpsync 0xffffffff
        exit
other:  bar.sync
        exit

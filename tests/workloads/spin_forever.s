; spin_forever.s - waits for a flag nobody sets: no forward progress (exit 5).
.grid 1
.block 32
.buffer flag u32 1 zero
.arg flag
        ldc     r1, flag
spin:   ldg     r2, [r1]
        isetp.eq.u32 p0, r2, 0
        @p0 bra spin
        exit

.grid 1
.block 32
.buffer B u32 2 zero
.arg B
        ldc r2, B
        atomg.inc.u64 r4, [r2], r6
        exit

.grid 1
.block 32
        iadd.u32 r1, r2, r3
        exit

.grid 1
.block 32
        fmma r1, r2, r3, r4
        exit

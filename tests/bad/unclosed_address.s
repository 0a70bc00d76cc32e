.grid 1
.block 32
        ldg r1, [r2+4
        exit

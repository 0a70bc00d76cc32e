.grid 1
.block 32
        ldg.64 r3, [r0]
        exit

.grid 1
.block 32
        ldc r1, X
        exit

.grid 1
.block 32
        iadd r1, r2
        exit

.grid 1
.block 32
        iadd r300, r1, r2
        exit

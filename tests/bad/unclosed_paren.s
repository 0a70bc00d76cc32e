.grid (4
.block 32
        exit

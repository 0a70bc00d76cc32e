.grid 1
.block 64, 32
        exit

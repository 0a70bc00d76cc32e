.grid 4/0
.block 32
        exit

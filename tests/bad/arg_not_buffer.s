.grid 1
.block 32
.arg X
        exit

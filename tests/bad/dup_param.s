.param N 4
.param N 5
.grid 1
.block 32
        exit

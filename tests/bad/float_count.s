; a float where a count is needed
.param N 64.0
.grid N / 32
.block 32
    exit

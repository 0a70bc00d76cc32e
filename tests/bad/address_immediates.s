.grid 1
.block 32
        atomg.cas r1, [r2], 1, 2
        exit

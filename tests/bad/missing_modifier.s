.grid 1
.block 32
        isetp p0, r1, r2
        exit

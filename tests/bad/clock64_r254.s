.grid 1
.block 32
        s2r r254, %clock64
        exit

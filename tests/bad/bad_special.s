.grid 1
.block 32
        s2r r1, %tid.w
        exit

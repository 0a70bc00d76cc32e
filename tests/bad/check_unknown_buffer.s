.buffer C f32 32 zero
.check C expr(D[i])
.grid 1
.block 32
        exit

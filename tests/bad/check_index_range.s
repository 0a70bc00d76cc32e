.buffer A f32 32 random(1)
.buffer C f32 33 zero
.check C expr(A[i] * 2.0)
.grid 1
.block 32
        exit

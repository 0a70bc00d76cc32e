.grid 1
.block 32
.buffer A f32 4 zero
.buffer C f32 4 zero
.check C matmul(A, A, 2, 2, 3)
        exit

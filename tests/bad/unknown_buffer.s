.param M 2
.grid 1
.block 32
.buffer A f32 4 zero
.check D matmul(A, A, M, M, M)
        exit

.param N 4
.grid 1
.block 32
.buffer A f32 Q*4 zero
        exit

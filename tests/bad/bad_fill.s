.grid 1
.block 32
.buffer A f32 4 ones
        exit

.grid 1
.block 32
.buffer A f32 4 {1, 2, 3}
        exit

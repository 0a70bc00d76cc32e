.grid 1
.block 32
.bufer A f32 4 zero
        exit

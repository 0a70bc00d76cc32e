.grid 1
.block 32
        iadd r1, r1, 1
        @p0 exit

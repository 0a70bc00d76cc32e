.grid 1
.block 32
        @p9 exit
        exit

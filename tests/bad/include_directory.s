.grid 1
.block 32
.include "."
        exit

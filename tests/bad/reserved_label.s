.grid 1
.block 32
r1:
        exit

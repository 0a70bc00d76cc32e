.grid 1
.block 32
top:
        iadd r1, r1, 1
top:
        exit

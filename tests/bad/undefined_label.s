.grid 1
.block 32
loop:
        iadd r1, r1, 1
        bra lop

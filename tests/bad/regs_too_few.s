.grid 1
.block 32
.regs 2
        iadd r5, r1, r2
        exit

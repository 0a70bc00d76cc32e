.regs 255
.grid 1
.block 1
        exit

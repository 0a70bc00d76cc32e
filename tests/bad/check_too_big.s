.buffer v u32 4 zero
.arg v
.grid 1
.block 32
.check v expr(i * 1e30)
        exit

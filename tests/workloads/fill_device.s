.buffer v u32 4 file("/dev/zero")
.arg v
.grid 1
.block 32
        exit

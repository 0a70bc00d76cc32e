.grid 1
.block 32
        mov r1, 0x100000000
        exit

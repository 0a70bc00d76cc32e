.grid 1
.block 32
        mov r1, r2, r3
        exit

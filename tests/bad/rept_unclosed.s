.grid 1
.block 32
.rept 4
        mov r1, 1
        exit

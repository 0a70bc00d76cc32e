.grid 1
.block 32
        mov r1, 1 §
        exit

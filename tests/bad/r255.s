.grid 1
.block 32
        mov r255, 1
        exit

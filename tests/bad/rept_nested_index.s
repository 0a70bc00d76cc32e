.grid 1
.block 32
.rept k, 2
.rept k, 2
        mov r1, k
.endr
.endr
        exit

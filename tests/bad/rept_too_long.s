.grid 1
.block 32
.rept 1100
.rept 1000
        mov r1, 1
.endr
.endr
        exit

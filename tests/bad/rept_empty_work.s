.grid 1
.block 32
.rept 5000
.rept 5000
.rept 0
        mov r1, 1
.endr
.endr
.endr
        exit

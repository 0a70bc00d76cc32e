.grid 1
.block 32
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
.rept 2
        mov r1, 1
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
.endr
        exit

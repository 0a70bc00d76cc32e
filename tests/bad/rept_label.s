.grid 1
.block 32
.rept 3
loop:   mov r1, 1
.endr
        exit

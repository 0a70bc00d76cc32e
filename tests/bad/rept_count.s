.param N 70000
.grid 1
.block 32
.rept N
        mov r1, 1
.endr
        exit

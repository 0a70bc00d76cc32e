.param N 4
.grid 1
.block 32
.rept N, 2
        mov r1, N
.endr
        exit

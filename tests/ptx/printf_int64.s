; printf_int64.s - tests/ptx/printf_int64.cu: n = -5000000000, whose high
; word is not 0, in four threads
.ptx "printf_int64.ptx" printf_int64
.buffer A u32 4 zero
.arg A
.arg n -5000000000
.grid 1
.block 4

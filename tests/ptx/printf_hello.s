; printf_hello.s - tests/ptx/printf.cu's printf_hello: every thread of
; three blocks of 64 says hello, the odd ones once more from a divergent
; branch. The GPU's order of blocks is its own; within a warp, lanes print
; in order, one printf after the other.
.ptx "printf.ptx" printf_hello
.grid 3
.block 64

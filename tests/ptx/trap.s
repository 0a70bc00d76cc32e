; trap.s - tests/ptx/trap.cu: thread 37 (block 0, warp 1, lane 5) holds a
; negative value and calls __trap(): the run stops there with a fault
; (exit 4), as the GPU's launch fails
.ptx "trap.ptx" trap_negative
.buffer A s32 64 { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, -38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64 }
.buffer O s32 64 zero
.arg A
.arg O
.grid 1
.block 64
.check O expr(2 * (i + 1))

; divergent_loop.s - a loop of i % 32 iterations per thread
; (divergent_loop.cu): out[i] = 0 + 1 + ... + (i % 32 - 1).
.cuda "divergent_loop.cu" divergent_loop
.param N 1000
.buffer out s32 N zero
.arg out
.arg n N
.grid (N + 127) / 128
.block 128
.check out expr((i % 32) * (i % 32 - 1) / 2)

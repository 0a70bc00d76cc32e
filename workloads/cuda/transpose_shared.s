; transpose_shared.s - out = in^T for an N x N matrix (transpose.cu,
; transpose_shared), 32 x 8 blocks (each thread moves 4 elements).
.cuda "transpose.cu" transpose_shared
.param N 100
.buffer in f32 N*N random(1)
.buffer out f32 N*N zero
.arg in
.arg out
.arg n N
.grid (N + 31) / 32, (N + 31) / 32
.block 32, 8
.check out expr(in[(i % N) * N + i / N])

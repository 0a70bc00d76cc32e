; naive_mm.s - the seed's simple matmul (naive_mm.cu) on TILE x TILE blocks:
; C = A B, bit-exact against the sequential-fmaf host reference.
.cuda "naive_mm.cu" MatrixMulKernel
.param M 64
.param N 64
.param K 64
.param TILE 16
.buffer A f32 M*N random(1)
.buffer B f32 N*K random(2)
.buffer C f32 M*K zero
.arg m M
.arg n N
.arg k K
.arg A
.arg B
.arg C
.grid (K-1)/TILE+1, (M-1)/TILE+1
.block TILE, TILE
.check C matmul(A, B, M, N, K)

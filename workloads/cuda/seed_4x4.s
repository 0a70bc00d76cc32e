; seed_4x4.s - the 4x4 tiled-matmul walk-through of seed 000 with TILE 2, from
; CUDA (tiled_mm.cu, MatrixMulKernel<2>). The seed works out the top-left 2x2
; block of C by hand: 60 108 / 32 51; the rest of the product was computed by
; hand the same way (row . column).
.cuda "tiled_mm.cu" MatrixMulKernel<2>
.param M 4
.param N 4
.param K 4
.param TILE 2
.buffer A f32 16 {2, 6, 7, 5,  3, 1, 4, 6,  8, 9, 0, 1,  2, 7, 7, 4}
.buffer B f32 16 {1, 6, 2, 1,  3, 9, 8, 4,  5, 6, 3, 9,  1, 0, 7, 2}
.buffer C f32 16 zero
.arg m M
.arg n N
.arg k K
.arg A
.arg B
.arg C
.grid 2, 2
.block TILE, TILE
.check C {60, 108, 108, 99,  32, 51, 68, 55,  36, 129, 95, 46,  62, 117, 109, 101}
.check C matmul(A, B, M, N, K)

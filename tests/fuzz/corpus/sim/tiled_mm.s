; tiled_mm.s - C = A x B with shared-memory tiles, the seed's boundary-checked
; kernel (seed 004, lecture 2.8). Works for any M, N, K; TILE is 8, 16 or 32
; (TILE x TILE threads per block: 32 needs a GPU allowing 1024-thread blocks).
;
;   simt-sim configs/g80.ini workloads/tiled_mm.s -D M=100 -D TILE=8

.kernel tiled_mm
.param M 64
.param N 64
.param K 64
.param TILE 16

.buffer A f32 M*N random(1)             ; A is M x N
.buffer B f32 N*K random(2)             ; B is N x K
.buffer C f32 M*K zero                  ; C is M x K

.grid (K-1)/TILE+1, (M-1)/TILE+1        ; one block per TILE x TILE tile of C
.block TILE, TILE

.check C matmul(A, B, M, N, K)          ; sequential fmaf reference, bit-exact

.include "include/tiled_mm.inc"

; tiled_mm32.s - the seed's boundary-checked tiled matmul (seed 004, lecture
; 2.8) as CUDA, TILE_WIDTH 32: the code nvcc -O3 writes for it, translated
; from workloads/cuda/tiled_mm.ptx. C = A B, bit-exact against the
; sequential-fmaf host reference (nvcc contracts Cvalue += a * b to fma).
.cuda "tiled_mm.cu" MatrixMulKernel<32>
.param M 64
.param N 64
.param K 64
.param TILE 32                          ; must match the template argument
.buffer A f32 M*N random(1)             ; A is M x N
.buffer B f32 N*K random(2)             ; B is N x K
.buffer C f32 M*K zero                  ; C is M x K
.arg m M
.arg n N
.arg k K
.arg A
.arg B
.arg C
.grid (K-1)/TILE+1, (M-1)/TILE+1        ; one block per TILE x TILE tile of C
.block TILE, TILE
.check C matmul(A, B, M, N, K)

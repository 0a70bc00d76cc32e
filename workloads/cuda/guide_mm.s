; guide_mm.s - the CUDA C++ Programming Guide's shared-memory matrix multiply
; (guide_mm.cu): Matrix structs passed by value, BLOCK_SIZE 16. C = A B,
; bit-exact against the sequential-fmaf host reference (nvcc contracts
; Cvalue += As * Bs to fma, and the sum runs over the tiles in order).
.cuda "guide_mm.cu" MatMulKernel
.param M 128                            ; C is M x K; A is M x N, B is N x K
.param N 128                            ; every dimension a multiple of 16
.param K 128
.buffer A f32 M*N random(1)
.buffer B f32 N*K random(2)
.buffer C f32 M*K zero
; a struct's values are the fields the kernel reads, in offset order
; (--disasm lists them; an error names them): A's width, height, stride and
; elements; of B and C only stride and elements
.arg A {N, M, N, A}
.arg B {K, B}
.arg C {K, C}
.grid K/16, M/16
.block 16, 16
.check C matmul(A, B, M, N, K)

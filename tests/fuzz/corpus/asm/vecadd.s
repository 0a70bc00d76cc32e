; vecadd.s - vector add, the first CUDA kernel of every course:
;
;   __global__ void vecAdd(const float *A, const float *B, float *C, int n)
;   {
;       int i = blockIdx.x * blockDim.x + threadIdx.x;
;       if (i < n)
;           C[i] = A[i] + B[i];
;   }
;
; launched with (N + 255) / 256 blocks of 256 threads. The check compares
; every element of C with A[i] + B[i] computed on the host from the inputs
; (one single-precision addition, exact as the GPU's FADD).
;
;   simt-sim configs/g80.ini workloads/vecadd.s -D N=100000

.kernel vecadd
.param N 10000
.param THREADS 256
.buffer A f32 N random(1)
.buffer B f32 N random(2)
.buffer C f32 N zero
.arg A
.arg B
.arg C
.grid (N + THREADS - 1) / THREADS
.block THREADS
.check C expr(A[i] + B[i])

        s2r     r0, %ctaid.x
        s2r     r1, %ntid.x
        s2r     r2, %tid.x
        imad    r0, r0, r1, r2          ; i = blockIdx.x * blockDim.x + threadIdx.x
        isetp.ge.s32 p0, r0, N
        @p0 exit                        ; if (i < n)
        shl     r0, r0, 2
        ldc     r3, A
        ldc     r4, B
        ldc     r5, C
        iadd    r3, r3, r0
        iadd    r4, r4, r0
        iadd    r5, r5, r0
        ldg     r6, [r3]
        ldg     r7, [r4]
        fadd    r6, r6, r7              ; C[i] = A[i] + B[i]
        stg     [r5], r6
        exit

; naive_mm.s - C = A x B with one thread per element of C reading A and B
; straight from global memory: the seed's untiled kernel (seed 000, "Revisit
; of Matrix Multiply"), with the boundary check of seed 004 for any M, N, K:
;
;   int Row = by * blockDim.y + ty, Col = bx * blockDim.x + tx;
;   if (Row < m && Col < k) {
;       float Cvalue = 0;
;       for (int i = 0; i < n; ++i) Cvalue += A[Row*n + i] * B[i*k + Col];
;       C[Row*k + Col] = Cvalue;
;   }

.kernel naive_mm
.param M 64
.param N 64
.param K 64
.param TILE 16                          ; the block is TILE x TILE, as for tiled_mm

.buffer A f32 M*N random(1)
.buffer B f32 N*K random(2)
.buffer C f32 M*K zero

.arg A
.arg B
.arg C
.arg m M
.arg n N
.arg k K

.grid (K-1)/TILE+1, (M-1)/TILE+1
.block TILE, TILE

.check C matmul(A, B, M, N, K)

        s2r     r0, %tid.x
        s2r     r1, %tid.y
        s2r     r2, %ctaid.x
        s2r     r3, %ctaid.y
        s2r     r4, %ntid.x
        s2r     r5, %ntid.y
        imad    r6, r3, r5, r1          ; Row
        imad    r7, r2, r4, r0          ; Col
        ldc     r8, A
        ldc     r9, B
        ldc     r10, C
        ldc     r11, m
        ldc     r12, n
        ldc     r13, k
        isetp.lt.s32 p0, r6, r11        ; Row < m
        isetp.lt.s32 p1, r7, r13        ; Col < k
        plop.and p0, p0, p1
        @!p0 exit
        mov     r14, 0.0                ; Cvalue
        imul    r15, r6, r12            ; Row*n
        shl     r15, r15, 2
        iadd    r15, r8, r15            ; &A[Row*n]
        shl     r16, r7, 2
        iadd    r16, r9, r16            ; &B[Col]
        shl     r17, r13, 2             ; a row of B, in bytes
        mov     r18, 0                  ; i
loop:
        ldg     r19, [r15]              ; A[Row*n + i]
        ldg     r20, [r16]              ; B[i*k + Col]
        ffma    r14, r19, r20, r14      ; Cvalue += A[...] * B[...]
        iadd    r15, r15, 4
        iadd    r16, r16, r17
        iadd    r18, r18, 1
        isetp.lt.s32 p1, r18, r12
        @p1 bra loop
        imad    r21, r6, r13, r7        ; Row*k + Col
        shl     r21, r21, 2
        iadd    r21, r10, r21
        stg     [r21], r14              ; C[Row*k + Col] = Cvalue
        exit

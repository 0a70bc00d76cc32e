; naive_mm.s - C = A x B with one thread per element of C reading A and B
; straight from global memory: the seed's untiled kernel (seed 000, "Revisit
; of Matrix Multiply"), with the boundary check of seed 004 for any M, N, K
; (workloads/cuda/naive_mm.cu is the same kernel as CUDA):
;
;   int Row = by * blockDim.y + ty, Col = bx * blockDim.x + tx;
;   if (Row < m && Col < k) {
;       float Cvalue = 0;
;       for (int i = 0; i < n; ++i) Cvalue += A[Row*n + i] * B[i*k + Col];
;       C[Row*k + Col] = Cvalue;
;   }
;
; Two shapes, as a compiler writes this kernel for each target (SM, the
; config's compute capability x 10: docs/WORKLOADS.md, "Conditions"):
; - sm_20 and later: as nvcc -O3 (CUDA 13) and ptxas write it for sm_80 and
;   sm_90: the dot loop unrolled 16 times while 16 or more steps remain
;   (all 32 loads of a half issued before its multiply-adds), then 4 at a
;   time, then one; 32 registers (ptxas -v, sm_80 and sm_90);
; - the G80 (sm_10): the loop rolled, in 9 registers.

.kernel naive_mm
.param M 64
.param N 64
.param K 64
.param TILE 16                          ; the block is TILE x TILE, as for tiled_mm

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

        s2r     r0, %tid.x
        s2r     r1, %tid.y
        s2r     r2, %ctaid.x
        s2r     r3, %ctaid.y
        s2r     r4, %ntid.x
        s2r     r5, %ntid.y
        imad    r6, r3, r5, r1          ; Row
        imad    r7, r2, r4, r0          ; Col
        ldc     r2, m
        ldc     r3, k
        isetp.lt.s32 p0, r6, r2         ; Row < m
        isetp.lt.s32 p1, r7, r3         ; Col < k
        plop.and p0, p0, p1
        @!p0 exit
        ldc     r4, n                   ; steps left
        ldc     r1, A
        imul    r5, r6, r4
        imad    r1, r5, 4, r1           ; &A[Row*n]
        ldc     r2, B
        imad    r2, r7, 4, r2           ; &B[Col]
        shl     r3, r3, 2               ; a row of B, in bytes
        mov     r0, 0.0                 ; Cvalue
.if (SM >= 10) & (SM < 20)
loop:
        ldg     r5, [r1]                ; A[Row*n + i]
        ldg     r8, [r2]                ; B[i*k + Col]
        ffma    r0, r5, r8, r0          ; Cvalue += A[...] * B[...]
        iadd    r1, r1, 4
        iadd    r2, r2, r3
        iadd    r4, r4, -1
        isetp.ne.s32 p1, r4, 0
        @p1 bra loop
.else
        isetp.lt.s32 p1, r4, 16
        @p1 bra by4
by16:                                   ; 16 steps, in two halves of 8
        iadd    r4, r4, -16             ; steps left after these, and whether 16 more
        isetp.gt.s32 p1, r4, 15         ;   follow: early, as ptxas schedules them
.rept h, 2
        ldg     r16, [r1+32*h]          ; A[Row*n + i + 8h]
        ldg     r24, [r2]               ; B[(i + 8h)*k + Col]
        iadd    r2, r2, r3
        ldg     r17, [r1+32*h+4]
        ldg     r25, [r2]
        iadd    r2, r2, r3
        ldg     r18, [r1+32*h+8]
        ldg     r26, [r2]
        iadd    r2, r2, r3
        ldg     r19, [r1+32*h+12]
        ldg     r27, [r2]
        iadd    r2, r2, r3
        ldg     r20, [r1+32*h+16]
        ldg     r28, [r2]
        iadd    r2, r2, r3
        ldg     r21, [r1+32*h+20]
        ldg     r29, [r2]
        iadd    r2, r2, r3
        ldg     r22, [r1+32*h+24]
        ldg     r30, [r2]
        iadd    r2, r2, r3
        ldg     r23, [r1+32*h+28]
        ldg     r31, [r2]
        iadd    r2, r2, r3
        ffma    r0, r16, r24, r0        ; Cvalue += A[...] * B[...], in order
        ffma    r0, r17, r25, r0
        ffma    r0, r18, r26, r0
        ffma    r0, r19, r27, r0
        ffma    r0, r20, r28, r0
        ffma    r0, r21, r29, r0
        ffma    r0, r22, r30, r0
        ffma    r0, r23, r31, r0
.endr
        iadd    r1, r1, 64
        @p1 bra by16
by4:
        isetp.lt.s32 p1, r4, 4
        @p1 bra by1
        ldg     r16, [r1]
        ldg     r24, [r2]
        iadd    r2, r2, r3
        ldg     r17, [r1+4]
        ldg     r25, [r2]
        iadd    r2, r2, r3
        ldg     r18, [r1+8]
        ldg     r26, [r2]
        iadd    r2, r2, r3
        ldg     r19, [r1+12]
        ldg     r27, [r2]
        iadd    r2, r2, r3
        ffma    r0, r16, r24, r0
        ffma    r0, r17, r25, r0
        ffma    r0, r18, r26, r0
        ffma    r0, r19, r27, r0
        iadd    r1, r1, 16
        iadd    r4, r4, -4
        bra     by4
by1:
        isetp.eq.s32 p1, r4, 0
        @p1 bra store
        ldg     r16, [r1]
        ldg     r24, [r2]
        ffma    r0, r16, r24, r0
        iadd    r1, r1, 4
        iadd    r2, r2, r3
        iadd    r4, r4, -1
        bra     by1
.endif
store:
        shl     r7, r7, 2
        imad    r5, r6, r3, r7          ; (Row*k + Col) * 4
        ldc     r8, C
        iadd    r5, r5, r8
        stg     [r5], r0                ; C[Row*k + Col] = Cvalue
        exit

; tiled_mm_nosync.s - the seed's tiled matmul (workloads/include/tiled_mm.inc)
; with its second __syncthreads() left out: a planted bug for --racecheck.
;
;       for (int i = 0; i < TILE; ++i) Cvalue += ds_A[ty][i] * ds_B[i][tx];
;       // __syncthreads();   <- missing
;   }
;
; A warp that finishes its dot loop first goes on to the next phase and
; overwrites ds_A[ty][tx] and ds_B[ty][tx] while warps of its block still
; read the old tile: a write-after-read hazard on both tiles. Whether the
; result is wrong depends on timing (here the reads usually finish first
; and the check passes, which is what makes the bug hard to find on a GPU);
; racecheck reports it whatever the timing.
;
;   simt-sim configs/g80.ini workloads/bugs/tiled_mm_nosync.s --racecheck   (exit 6)

.kernel tiled_mm_nosync
.param M 32
.param N 32
.param K 32
.param TILE 16

.buffer A f32 M*N random(1)             ; A is M x N
.buffer B f32 N*K random(2)             ; B is N x K
.buffer C f32 M*K zero                  ; C is M x K

.grid (K-1)/TILE+1, (M-1)/TILE+1
.block TILE, TILE

.check C matmul(A, B, M, N, K)

.shared ds_A TILE*TILE*4
.shared ds_B TILE*TILE*4
.arg A
.arg B
.arg C
.arg m M
.arg n N
.arg k K

        s2r     r0, %tid.x              ; tx
        s2r     r1, %tid.y              ; ty
        s2r     r2, %ctaid.x            ; bx
        s2r     r3, %ctaid.y            ; by
        s2r     r4, %ntid.x             ; blockDim.x
        s2r     r5, %ntid.y             ; blockDim.y
        imad    r6, r3, r5, r1          ; Row = by * blockDim.y + ty
        imad    r7, r2, r4, r0          ; Col = bx * blockDim.x + tx
        ldc     r8, A
        ldc     r9, B
        ldc     r10, C
        ldc     r11, m
        ldc     r12, n
        ldc     r13, k
        mov     r14, 0.0                ; Cvalue
        mov     r15, 0                  ; t * TILE
        imad    r16, r1, TILE, r0       ; ty * TILE + tx
        shl     r16, r16, 2             ; byte offset of [ty][tx] in a tile
        isetp.lt.s32 p0, r6, r11        ; Row < m
        isetp.lt.s32 p1, r7, r13        ; Col < k
phase:
        iadd    r17, r15, r0            ; t*TILE + tx
        isetp.lt.s32 p2, r17, r12       ; t*TILE + tx < n
        plop.and p2, p2, p0             ;   && Row < m: load A, else 0.0
        iadd    r26, r15, r1            ; t*TILE + ty
        isetp.lt.s32 p4, r26, r12       ; t*TILE + ty < n
        plop.and p4, p4, p1             ;   && Col < k: load B, else 0.0
        mov     r19, 0.0
        mov     r27, 0.0
        @p2 imad r18, r6, r12, r17      ; Row*n + t*TILE + tx
        @p2 shl r18, r18, 2
        @p2 iadd r18, r8, r18
        @p2 ldg r19, [r18]              ; A[...]
        @p4 imad r28, r26, r13, r7      ; (t*TILE + ty)*k + Col
        @p4 shl r28, r28, 2
        @p4 iadd r28, r9, r28
        @p4 ldg r27, [r28]              ; B[...]
        sts     [r16+ds_A], r19         ; ds_A[ty][tx] = A[...] or 0.0
        sts     [r16+ds_B], r27         ; ds_B[ty][tx] = B[...] or 0.0
        bar.sync                        ; __syncthreads()
        imul    r20, r1, TILE*4         ; &ds_A[ty][0]
        shl     r21, r0, 2              ; &ds_B[0][tx]
        mov     r22, 0                  ; i
dot:
        lds     r23, [r20+ds_A]         ; ds_A[ty][i]
        lds     r24, [r21+ds_B]         ; ds_B[i][tx]
        ffma    r14, r23, r24, r14      ; Cvalue += ds_A[ty][i] * ds_B[i][tx]
        iadd    r20, r20, 4
        iadd    r21, r21, TILE*4
        iadd    r22, r22, 1
        isetp.lt.s32 p3, r22, TILE
        @p3 bra dot
                                        ; (the seed's second __syncthreads() is missing)
        iadd    r15, r15, TILE
        isetp.lt.s32 p3, r15, r12       ; next phase while t*TILE < n
        @p3 bra phase
        plop.and p0, p0, p1             ; Row < m && Col < k
        @!p0 exit
        imad    r25, r6, r13, r7        ; Row*k + Col
        shl     r25, r25, 2
        iadd    r25, r10, r25
        stg     [r25], r14              ; C[Row*k + Col] = Cvalue
        exit

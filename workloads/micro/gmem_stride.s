; gmem_stride.s - coalescing: one warp, lane l loads the 32-bit word
; l * STRIDE of a buffer, ITERS times (16 independent loads, then their
; sum, as the CUDA twin does). The statistics show the transactions,
; sectors and bytes per request; the time per request is one warp's: the
; loads' issue, the L1 data pipe's wavefronts (stride 32: 32 words in one
; bank) and the wait for the sum.
; Stride 1 is one 128-byte line of 4 sectors (sector coalescing) or two
; 64-byte segments (cc 1.0 half-warp rules); stride 32 is 32 transactions.
;
;   simt-sim configs/h100.ini workloads/micro/gmem_stride.s -D STRIDE=2 --json -
;
; Reports cycles_per_request: %clock around the ITERS loads, divided.

.kernel gmem_stride
.param STRIDE 1                         ; words between consecutive lanes (0..64)
.param ITERS 64                         ; timed loads (a multiple of 16)

.buffer data u32 32*STRIDE+1 iota
.buffer out f32 2 zero
.arg data
.arg out
.grid 1
.block 32
.report cycles_per_request out, 0

        s2r     r0, %tid.x
        ldc     r1, data
        imul    r2, r0, STRIDE*4
        iadd    r1, r1, r2              ; &data[l * STRIDE]
        ldg     r10, [r1]               ; bring the line in first
        iadd    r5, r10, 0
        mov     r3, ITERS/16
        mov     r7, 0                   ; the loads' sum, as the CUDA twin keeps
        s2r     r4, %clock
loads:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldg     r10, [r1]
        ldg     r11, [r1]
        ldg     r12, [r1]
        ldg     r13, [r1]
        ldg     r14, [r1]
        ldg     r15, [r1]
        ldg     r16, [r1]
        ldg     r17, [r1]
        ldg     r18, [r1]
        ldg     r19, [r1]
        ldg     r20, [r1]
        ldg     r21, [r1]
        ldg     r22, [r1]
        ldg     r23, [r1]
        ldg     r24, [r1]
        ldg     r25, [r1]
        iadd    r7, r7, r10
        iadd    r7, r7, r11
        iadd    r7, r7, r12
        iadd    r7, r7, r13
        iadd    r7, r7, r14
        iadd    r7, r7, r15
        iadd    r7, r7, r16
        iadd    r7, r7, r17
        iadd    r7, r7, r18
        iadd    r7, r7, r19
        iadd    r7, r7, r20
        iadd    r7, r7, r21
        iadd    r7, r7, r22
        iadd    r7, r7, r23
        iadd    r7, r7, r24
        iadd    r7, r7, r25
        @p0 bra loads
        s2r     r6, %clock              ; the loads are summed
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        iadd    r10, r10, r25           ; (use the loads)
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per request
        @p1 stg [r9+4], r10
        exit

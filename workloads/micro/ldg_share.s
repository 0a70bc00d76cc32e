; ldg_share.s - how the L1's passes are shared between warps and sub-partitions
; (global memory, L1-resident): WARPS warps of one block; those that load (every warp, or with
; ONE 1 only warps 0, 4, 8, .., which share sub-partition 0) issue ITERS loads
; each, 16 independent ones an iteration: load u of lane l reads word
; l * STRIDE + u of an array (the CUDA twin: mod 1024 of 4 KB, the same words
; up to STRIDE 32 and the same banks beyond). STRIDE 32 puts every lane of a
; load on one bank (32 passes), STRIDE 1 on 32 (one pass).
;
;   simt-sim configs/h100.ini workloads/micro/ldg_share.s -D WARPS=4 -D STRIDE=32
;
; Reports cycles_per_request: %clock of warp 0 around every warp's loads (a
; barrier before and after), divided by ITERS and the loading warps. The CUDA
; twin: simt-cuda micro lsu_share 1 WARPS ONE STRIDE ITERS.

.kernel ldg_share
.param WARPS 1
.param ONE 0                            ; 1: only warps 0, 4, 8, .. load
.param STRIDE 32                        ; words between consecutive lanes (up to 32 the words stay in the first 4 KB, as in the CUDA twin; beyond, not wrapped: the same banks)
.param ITERS 256                        ; loads per loading warp (a multiple of 16)
.buffer data u32 1024+32*STRIDE zero   ; 1024 words, and room for any STRIDE
.arg data
.buffer out f32 2 zero
.arg out
.grid 1
.block 32*WARPS
.report cycles_per_request out, 0

        s2r     r0, %tid.x
        and     r2, r0, 31              ; lane
        shr.u32 r6, r0, 5               ; warp
        imul    r1, r2, STRIDE
        shl     r1, r1, 2
        ldc     r9, data
        iadd    r1, r1, r9              ; load u reads [r1 + 4u]
        and     r7, r6, 3
        isetp.ne.s32 p3, r7, 0
        mov     r7, ONE
        isetp.ne.s32 p5, r7, 0
        plop.and p3, p3, p5             ; p3: this warp does not load
        mov     r5, 0
        @p3 bra warmed
        ldg     r10, [r1+0]          ; bring the lines in first
        ldg     r11, [r1+4]
        ldg     r12, [r1+8]
        ldg     r13, [r1+12]
        ldg     r14, [r1+16]
        ldg     r15, [r1+20]
        ldg     r16, [r1+24]
        ldg     r17, [r1+28]
        ldg     r18, [r1+32]
        ldg     r19, [r1+36]
        ldg     r20, [r1+40]
        ldg     r21, [r1+44]
        ldg     r22, [r1+48]
        ldg     r23, [r1+52]
        ldg     r24, [r1+56]
        ldg     r25, [r1+60]
        iadd    r5, r10, r25            ; (wait for them)
warmed:
        bar.sync
        mov     r3, ITERS/16
        s2r     r4, %clock
        @p3 bra done
loads:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldg     r10, [r1+0]
        ldg     r11, [r1+4]
        ldg     r12, [r1+8]
        ldg     r13, [r1+12]
        ldg     r14, [r1+16]
        ldg     r15, [r1+20]
        ldg     r16, [r1+24]
        ldg     r17, [r1+28]
        ldg     r18, [r1+32]
        ldg     r19, [r1+36]
        ldg     r20, [r1+40]
        ldg     r21, [r1+44]
        ldg     r22, [r1+48]
        ldg     r23, [r1+52]
        ldg     r24, [r1+56]
        ldg     r25, [r1+60]
        iadd    r5, r5, r10
        iadd    r5, r5, r11
        iadd    r5, r5, r12
        iadd    r5, r5, r13
        iadd    r5, r5, r14
        iadd    r5, r5, r15
        iadd    r5, r5, r16
        iadd    r5, r5, r17
        iadd    r5, r5, r18
        iadd    r5, r5, r19
        iadd    r5, r5, r20
        iadd    r5, r5, r21
        iadd    r5, r5, r22
        iadd    r5, r5, r23
        iadd    r5, r5, r24
        iadd    r5, r5, r25
        @p0 bra loads
done:
        bar.sync
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/(ITERS*(ONE*((WARPS+3)/4)+(1-ONE)*WARPS))
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per request
        @p1 stg [r9+4], r5
        exit

; ldg_share.s - how the L1's passes are shared between warps and sub-partitions
; (global memory, L1-resident): WARPS warps of one block; those that load (every warp, or with
; ONE 1 only warps 0, 4, 8, .., which share sub-partition 0) issue ITERS loads
; each, 16 independent ones an iteration: load u of lane l reads word
; (l * STRIDE + u) mod 1024 of a 4 KB array. STRIDE 32 puts every lane of a
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
.param STRIDE 32                        ; words between consecutive lanes
.param ITERS 256                        ; loads per loading warp (a multiple of 16)
.buffer data u32 1024 zero
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
        iadd    r40, r1, 0
        and     r40, r40, 1023
        shl     r40, r40, 2
        ldc     r9, data
        iadd    r40, r40, r9
        iadd    r41, r1, 1
        and     r41, r41, 1023
        shl     r41, r41, 2
        ldc     r9, data
        iadd    r41, r41, r9
        iadd    r42, r1, 2
        and     r42, r42, 1023
        shl     r42, r42, 2
        ldc     r9, data
        iadd    r42, r42, r9
        iadd    r43, r1, 3
        and     r43, r43, 1023
        shl     r43, r43, 2
        ldc     r9, data
        iadd    r43, r43, r9
        iadd    r44, r1, 4
        and     r44, r44, 1023
        shl     r44, r44, 2
        ldc     r9, data
        iadd    r44, r44, r9
        iadd    r45, r1, 5
        and     r45, r45, 1023
        shl     r45, r45, 2
        ldc     r9, data
        iadd    r45, r45, r9
        iadd    r46, r1, 6
        and     r46, r46, 1023
        shl     r46, r46, 2
        ldc     r9, data
        iadd    r46, r46, r9
        iadd    r47, r1, 7
        and     r47, r47, 1023
        shl     r47, r47, 2
        ldc     r9, data
        iadd    r47, r47, r9
        iadd    r48, r1, 8
        and     r48, r48, 1023
        shl     r48, r48, 2
        ldc     r9, data
        iadd    r48, r48, r9
        iadd    r49, r1, 9
        and     r49, r49, 1023
        shl     r49, r49, 2
        ldc     r9, data
        iadd    r49, r49, r9
        iadd    r50, r1, 10
        and     r50, r50, 1023
        shl     r50, r50, 2
        ldc     r9, data
        iadd    r50, r50, r9
        iadd    r51, r1, 11
        and     r51, r51, 1023
        shl     r51, r51, 2
        ldc     r9, data
        iadd    r51, r51, r9
        iadd    r52, r1, 12
        and     r52, r52, 1023
        shl     r52, r52, 2
        ldc     r9, data
        iadd    r52, r52, r9
        iadd    r53, r1, 13
        and     r53, r53, 1023
        shl     r53, r53, 2
        ldc     r9, data
        iadd    r53, r53, r9
        iadd    r54, r1, 14
        and     r54, r54, 1023
        shl     r54, r54, 2
        ldc     r9, data
        iadd    r54, r54, r9
        iadd    r55, r1, 15
        and     r55, r55, 1023
        shl     r55, r55, 2
        ldc     r9, data
        iadd    r55, r55, r9
        and     r7, r6, 3
        isetp.ne.s32 p3, r7, 0
        isetp.ne.s32 p4, r7, 0
        mov     r7, ONE
        isetp.ne.s32 p5, r7, 0
        plop.and p3, p3, p5             ; p3: this warp does not load
        mov     r5, 0
        @p3 bra warmed
        ldg     r10, [r40]          ; bring the lines in first
        ldg     r11, [r41]
        ldg     r12, [r42]
        ldg     r13, [r43]
        ldg     r14, [r44]
        ldg     r15, [r45]
        ldg     r16, [r46]
        ldg     r17, [r47]
        ldg     r18, [r48]
        ldg     r19, [r49]
        ldg     r20, [r50]
        ldg     r21, [r51]
        ldg     r22, [r52]
        ldg     r23, [r53]
        ldg     r24, [r54]
        ldg     r25, [r55]
        iadd    r5, r10, r25            ; (wait for them)
warmed:
        bar.sync
        mov     r3, ITERS/16
        s2r     r4, %clock
        @p3 bra done
loads:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldg     r10, [r40]
        ldg     r11, [r41]
        ldg     r12, [r42]
        ldg     r13, [r43]
        ldg     r14, [r44]
        ldg     r15, [r45]
        ldg     r16, [r46]
        ldg     r17, [r47]
        ldg     r18, [r48]
        ldg     r19, [r49]
        ldg     r20, [r50]
        ldg     r21, [r51]
        ldg     r22, [r52]
        ldg     r23, [r53]
        ldg     r24, [r54]
        ldg     r25, [r55]
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

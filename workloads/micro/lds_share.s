; lds_share.s - how the L1's passes are shared between warps and sub-partitions
; (shared memory): WARPS warps of one block; those that load (every warp, or with
; ONE 1 only warps 0, 4, 8, .., which share sub-partition 0) issue ITERS loads
; each, 16 independent ones an iteration: load u of lane l reads word
; l * STRIDE + u of an array (the CUDA twin: mod 1024 of 4 KB, the same words
; up to STRIDE 32 and the same banks beyond). STRIDE 32 puts every lane of a
; load on one bank (32 passes), STRIDE 1 on 32 (one pass). As ptxas compiles
; the twin (its SASS, 2026-11-26), a warp has two loads in flight: they take
; two registers in turn, each summed before the next load into it.
;
;   simt-sim configs/h100.ini workloads/micro/lds_share.s -D WARPS=4 -D STRIDE=32
;
; Reports cycles_per_request: %clock of warp 0 around every warp's loads (a
; barrier before and after), divided by ITERS and the loading warps. The CUDA
; twin: simt-cuda micro lsu_share 0 WARPS ONE STRIDE ITERS.

.kernel lds_share
.param WARPS 1
.param ONE 0                            ; 1: only warps 0, 4, 8, .. load
.param STRIDE 32                        ; words between consecutive lanes (up to 32 the words stay in the first 4 KB, as in the CUDA twin; beyond, not wrapped: the same banks)
.param ITERS 256                        ; loads per loading warp (a multiple of 16)
.shared words 4096+128*STRIDE              ; 1024 words, and room for any STRIDE
.buffer out f32 2 zero
.arg out
.grid 1
.block 32*WARPS
.report cycles_per_request out, 0

        s2r     r0, %tid.x
        and     r2, r0, 31              ; lane
        shr.u32 r6, r0, 5               ; warp
        imul    r1, r2, STRIDE
        mov     r7, r0                  ; words[i] = i for i = tid, tid + 32 WARPS, ..
fill:
        shl     r8, r7, 2
        sts     [r8+words], r7
        iadd    r7, r7, 32*WARPS
        isetp.lt.u32 p2, r7, 1024
        @p2 bra fill
        shl     r1, r1, 2
        iadd    r1, r1, words           ; load u reads [r1 + 4u]
        and     r7, r6, 3
        isetp.ne.s32 p3, r7, 0
        mov     r7, ONE
        isetp.ne.s32 p5, r7, 0
        plop.and p3, p3, p5             ; p3: this warp does not load
        mov     r5, 0
        bar.sync
        mov     r3, ITERS/16
        s2r     r4, %clock
        @p3 bra done
loads:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        lds     r10, [r1]
        lds     r11, [r1+4]
.rept u, 7
        iadd    r5, r5, r10
        lds     r10, [r1+8*u+8]
        iadd    r5, r5, r11
        lds     r11, [r1+8*u+12]
.endr
        iadd    r5, r5, r10
        iadd    r5, r5, r11
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

; fma_chain.s - dependent FP32 latency: one warp runs ITERS multiply-adds,
; each needing the previous result (x = x * a + b), so the time per
; instruction is the FP32 pipeline's result latency (units.fp32_latency),
; or its occupancy where that is longer (32 / units.fp32_lanes cycles).
;
;   simt-sim configs/h100.ini workloads/micro/fma_chain.s
;
; Reports cycles_per_fma: %clock around the chain, divided.

.kernel fma_chain
.param ITERS 256                        ; timed multiply-adds (a multiple of 16)

.buffer out f32 2 zero
.arg out
.grid 1
.block 32
.report cycles_per_fma out, 0

        s2r     r0, %tid.x
        i2f.u32 r1, r0                  ; x
        mov     r2, 0.5                 ; a
        mov     r3, 1.0                 ; b
        mov     r7, ITERS/16
        iadd    r5, r1, 0               ; (x is ready)
        s2r     r4, %clock
chain:
        ffma    r1, r1, r2, r3
        iadd    r7, r7, -1              ; (the loop counter issues in the
        ffma    r1, r1, r2, r3
        isetp.ne.s32 p0, r7, 0          ;  shadow of the chain)
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        ffma    r1, r1, r2, r3
        @p0 bra chain
        fadd    r5, r1, 0.0             ; wait for the last result
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per multiply-add
        @p1 stg [r9+4], r5
        exit

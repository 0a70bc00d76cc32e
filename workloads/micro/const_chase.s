; const_chase.s - load-to-use latency of constant memory (ldk, the SASS LDC
; of a __constant__ array at a register address): one thread follows a chain
; of addresses (p = C[p]) over SIZE bytes of a constant buffer, STRIDE bytes
; apart, after WARM passes. While the chain fits the constant cache each
; load takes const.latency, beyond it const.latency + const.miss_latency.
; The CUDA twin is tests/data/h200_const/constlat.cu (its "chase" kernel).
;
;   simt-sim configs/h100.ini workloads/micro/const_chase.s -D SIZE=4096
;
; Reports cycles_per_load: %clock before and after ITERS loads, divided.

.kernel const_chase
.param SIZE 1024                        ; bytes the chain covers
.param STRIDE 64                        ; bytes from one load to the next
.param WARM 1                           ; untimed passes over the chain first
.param ITERS 256                        ; timed loads (a multiple of 4)

.buffer chain u32 SIZE/4 chase(STRIDE) const
.buffer out f32 2 zero
.arg chain
.arg out
.grid 1
.block 1
.report cycles_per_load out, 0

        ldc     r1, chain               ; p = &chain[0]
        ldc     r9, out
        mov     r3, WARM*SIZE/STRIDE    ; warm-up loads
        isetp.eq.s32 p0, r3, 0
        @p0 bra timed
warm:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldk     r1, [r1]                ; p = C[p]
        @p0 bra warm
timed:
        iadd    r5, r1, 0               ; wait until p is here
        mov     r3, ITERS/4
        s2r     r4, %clock
chase:
        ldk     r1, [r1]
        ldk     r1, [r1]
        ldk     r1, [r1]
        ldk     r1, [r1]
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        @p0 bra chase
        iadd    r5, r1, 0               ; wait for the last load
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        stg     [r9], r6                ; cycles per load
        stg     [r9+4], r5              ; (the chain's end, so the loads matter)
        exit

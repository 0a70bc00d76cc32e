; pointer_chase.s - load-to-use latency of global memory at each level: one
; thread follows a chain of addresses (p = *p) over SIZE bytes, STRIDE bytes
; apart, as in Wong et al. (ISPASS 2010) and Jia et al. (2018). Each load
; needs the previous one's value, so the time per load is the latency of the
; level the chain lives in:
;   SIZE within the L1, after a warm-up pass (WARM=1):    L1 hit latency
;   SIZE beyond the L1, within the L2, after a warm-up:   L2 hit latency
;   no warm-up (WARM=0), STRIDE >= 128 (a new line each):  DRAM latency
;
;   simt-sim configs/h100.ini workloads/micro/pointer_chase.s -D SIZE=1048576
;
; Reports cycles_per_load: %clock before and after ITERS loads, divided.

.kernel pointer_chase
.param SIZE 16384                       ; bytes the chain covers
.param STRIDE 128                       ; bytes from one load to the next
.param WARM 1                           ; untimed passes over the chain first
.param ITERS 256                        ; timed loads (a multiple of 4)

.buffer chain u32 SIZE/4 chase(STRIDE)
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
        ldg     r1, [r1]                ; p = *p
        @p0 bra warm
timed:
        iadd    r5, r1, 0               ; wait until p is here
        mov     r3, ITERS/4
        s2r     r4, %clock
chase:
        ldg     r1, [r1]
        ldg     r1, [r1]
        ldg     r1, [r1]
        ldg     r1, [r1]
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

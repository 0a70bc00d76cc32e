; latency_hiding.s - Example I of seed 000: how many warps hide a 200-cycle
; global load on an SM with 8 SPs?
;
; Each warp repeats REPS times: one global load, then 4 independent
; multiply-adds that use it. The seed's assumptions, which the test sets
; with --set: a global load is one transaction of 200 cycles (dram.latency =
; 200, and mem.coalescing = sector so that the warp's 32 reads of one word
; are one transaction, not the 32 of the cc 1.0 rules); the
; 8 SPs take 4 cycles per warp instruction (units.fp32_lanes = 8, as in
; configs/g80.ini). One warp's 4 multiply-adds keep the SPs busy 16 cycles;
; 200 / 16 = 12.5, so 13 warps are needed to cover the load.
;
; In steady state a warp issues its load, waits 200 cycles, issues its 4
; multiply-adds 4 cycles apart (the last at +212) and its next load the
; cycle after: a period of 213 cycles in which it needs the SPs for 16.
; W warps keep them busy min(1, 16 W / 213) of the time: 90% at 12 warps,
; 98% at 13, 100% from 14.
;
;   simt-sim configs/g80.ini workloads/latency_hiding.s -D WARPS=13 --set dram.latency=200 --set mem.coalescing=sector --scheduler gto
;
; The summary's "pipes" line gives the FP32 pipe's busy share over the whole
; run; with many repetitions (-D REPS=1000) ramp-up and tail vanish and it
; is the steady state's 16 W / 213.

.kernel latency_hiding
.param WARPS 13
.param REPS 20                          ; loads per warp (the body below, repeated)
.buffer in f32 REPS random(3)
.buffer out f32 WARPS*32*4 zero
.arg in
.arg out
.grid 1
.block WARPS*32

        ldc     r1, in                  ; every thread reads the same REPS words
        mov     r3, 1.0                 ; (12 registers: 14 warps fit a G80 SM)
.rept k, REPS
        ldg     r4, [r1+4*k]            ; load k ...
        ffma    r8, r4, r4, r3          ; ... and its 4 independent multiply-adds
        ffma    r9, r4, r4, r3
        ffma    r10, r4, r4, r3
        ffma    r11, r4, r4, r3
.endr
        s2r     r0, %tid.x              ; keep the results: out[4*tid + j]
        shl     r0, r0, 4
        ldc     r2, out
        iadd    r2, r2, r0
        stg.128 [r2], r8
        exit

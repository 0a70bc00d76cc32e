; const_spread.s - what each distinct address of a warp's constant-memory
; load costs: one warp, each step every lane loads the word at
; C + (lane % D) * 64 + p, where p (0: the buffer holds zeros) comes from
; the step before, so the steps follow one another. Per the CUDA guide a
; constant access is split into one request per distinct address, served
; one after another: a step takes D - 1 times const.request_cycles more than
; with D = 1. The CUDA twin is tests/data/h200_const/constlat.cu ("spread").
;
;   simt-sim configs/h100.ini workloads/micro/const_spread.s -D D=32
;
; Reports cycles_per_step: %clock before and after ITERS steps, divided.

.kernel const_spread
.param D 1                              ; distinct words a step (1..32)
.param ITERS 256                        ; timed steps (a multiple of 4)

.buffer c u32 512 zero const            ; 32 words 64 bytes apart: 2 KB
.buffer out f32 2 zero
.arg c
.arg out
.grid 1
.block 32
.report cycles_per_step out, 0

        ldc     r1, c
        ldc     r9, out
        s2r     r2, %laneid
        mov     r3, D
        iadd    r8, r2, 0
mod:                                    ; r8 = lane % D
        isetp.ge.u32 p0, r8, r3
        @p0 isub r8, r8, r3
        @p0 bra mod
        shl     r8, r8, 6
        iadd    r1, r1, r8              ; this lane's word
        ldk     r5, [r1]                ; warm: every word in the cache
        iadd    r1, r1, r5
        mov     r3, ITERS/4
        s2r     r4, %clock
step:
        ldk     r5, [r1]
        iadd    r1, r1, r5
        ldk     r5, [r1]
        iadd    r1, r1, r5
        ldk     r5, [r1]
        iadd    r1, r1, r5
        ldk     r5, [r1]
        iadd    r1, r1, r5
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        @p0 bra step
        iadd    r5, r1, 0               ; wait for the last load
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        s2r     r2, %laneid
        isetp.eq.s32 p1, r2, 0
        @p1 stg [r9], r6                ; cycles per step
        exit

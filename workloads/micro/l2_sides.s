; l2_sides.s - which L2 lines are near or far for an SM, and what a far
; line costs: BLOCKS blocks of one thread each (one an SM) follow the same
; chain of N lines STRIDE bytes apart, loading at the L2 (ldg.cg, past the
; L1), twice, and time every load on its own: lat[(b * 2 + pass) * N + i]
; for block b's pass and the chain's load i. The simulator starts with
; empty caches, so the first pass reads each line from DRAM, as the CUDA
; twin's cold launch does (simt-cuda micro l2_sides N STRIDE 2 1, launch 1);
; the second finds it in the L2 (near, or a copy on the SM's side).
;
;   simt-sim configs/h100.ini workloads/micro/l2_sides.s -D STRIDE=4096 --dump lat=lat.bin
;
; With l2.far_cycles, a line's home alternates every 8 KB: at STRIDE 4096
; loads 2k and 2k + 1 share a home and the next two have the other.

.kernel l2_sides
.param N 64                             ; lines in the chain
.param STRIDE 4096                      ; bytes from one line to the next (a multiple of 128)
.param BLOCKS 1

.buffer chain u32 N*STRIDE/4 chase(STRIDE)
.buffer lat u32 2*N*BLOCKS zero
.arg chain
.arg lat
.grid BLOCKS
.block 1

        ldc     r9, lat
        s2r     r2, %ctaid.x
        imad    r9, r2, 8*N, r9         ; this block's 2N latencies
        mov     r11, 2*N
pass:
        ldc     r1, chain
        mov     r3, N
load:
        s2r     r4, %clock
        ldg.cg  r1, [r1]                ; p = *p
        iadd    r5, r1, 0               ; wait until p is here
        s2r     r6, %clock
        isub    r6, r6, r4
        stg     [r9], r6
        iadd    r9, r9, 4
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        @p0 bra load
        iadd    r11, r11, -N
        isetp.ne.s32 p1, r11, 0
        @p1 bra pass
        exit

; cold_chase.s - load-to-use latency of first touches from DRAM, alone and
; under load: BLOCKS blocks of one thread each follow their own stretch of a
; chain of addresses STRIDE bytes apart (block b starts b * ITERS * STRIDE
; bytes in), ITERS loads, each the first touch of its line. The simulator
; starts every run with empty caches, as the GPU twin does after writing a
; buffer twice the L2's size (simt-cuda micro cold_chase STRIDE ITERS
; BLOCKS 1): BLOCKS = 1 gives the idle memory system's DRAM latency; one
; block per SM or more, the latency when every SM misses at once, as a
; matmul's blocks do in their first iterations.
;
;   simt-sim configs/h100.ini workloads/micro/cold_chase.s -D BLOCKS=132
;
; Reports, summed over the blocks: first_load_cycles (the first load alone)
; and later_load_cycles (the other ITERS - 1 loads); divide by BLOCKS and by
; BLOCKS * (ITERS - 1).

.kernel cold_chase
.param STRIDE 1024                      ; bytes from one load to the next
.param ITERS 64                         ; loads per block (at least 2)
.param BLOCKS 1

.buffer chain u32 BLOCKS*ITERS*STRIDE/4 chase(STRIDE)
.buffer out u32 2 zero
.arg chain
.arg out
.grid BLOCKS
.block 1
.report first_load_cycles out, 0
.report later_load_cycles out, 1

        ldc     r1, chain
        ldc     r9, out
        s2r     r2, %ctaid.x
        imad    r1, r2, ITERS*STRIDE, r1 ; p = this block's first link
        mov     r3, ITERS-1
        s2r     r4, %clock
        ldg     r1, [r1]                ; the first load alone
        iadd    r5, r1, 0               ; wait until p is here
        s2r     r6, %clock
chase:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldg     r1, [r1]                ; p = *p
        @p0 bra chase
        iadd    r5, r1, 0               ; wait for the last load
        s2r     r7, %clock
        isub    r8, r7, r6
        isub    r6, r6, r4
        atomg.add r10, [r9], r6         ; first-load cycles
        atomg.add r10, [r9+4], r8       ; later loads' cycles
        exit

; grid_deadlock.s - the seed's even/odd __syncthreads deadlock (as in
; workloads/barrier_divergence.s) in every block of a grid that fills every
; SM, after a little work: with strict barriers the run stops with exit
; code 3 naming the first deadlocked block in SM order, the same on any
; number of host threads (tests/jobs.py).
.param BLOCKS 256
.param THREADS 64
.param ITERS 16
.buffer data f32 BLOCKS * THREADS zero
.arg data
.grid BLOCKS
.block THREADS

        s2r     r0, %ctaid.x
        s2r     r1, %tid.x
        s2r     r2, %ntid.x
        imad    r3, r0, r2, r1
        shl     r3, r3, 2
        ldc     r4, data
        iadd    r4, r4, r3              ; &data[i]
        mov     r7, 0
work:
        iadd    r7, r7, 1
        stg     [r4], r7
        isetp.lt.s32 p1, r7, ITERS
        @p1 bra work
        and     r5, r1, 1
        isetp.ne.u32 p0, r5, 0          ; tid % 2 != 0
        @p0 bra odd
        mov     r6, 1.0
        stg     [r4], r6
        bar.sync                        ; even threads wait for the odd ones
        bra     done
odd:
        mov     r6, 2.0
        stg     [r4], r6
done:
        exit

; syncthreads.s - the cost of __syncthreads: one block of THREADS threads
; (32..1024) runs ITERS barriers back to back; thread 0 times them. The time
; per barrier is how long the last warp to arrive takes to get there after
; the previous release: issue slots of every warp of the block on its
; sub-partition's scheduler.
;
;   simt-sim configs/h100.ini workloads/micro/syncthreads.s -D THREADS=1024
;
; Reports cycles_per_barrier.

.kernel syncthreads
.param THREADS 256
.param ITERS 64                         ; timed barriers (a multiple of 4)

.buffer out f32 2 zero
.arg out
.grid 1
.block THREADS
.report cycles_per_barrier out, 0

        s2r     r0, %tid.x
        mov     r3, ITERS/4
        bar.sync
        s2r     r4, %clock
bars:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        bar.sync
        bar.sync
        bar.sync
        bar.sync
        @p0 bra bars
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per barrier
        exit

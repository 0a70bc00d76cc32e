; global_race.s - a planted bug for --racecheck-global: a two-phase kernel
; that needs a grid-wide synchronisation and has only __syncthreads():
;
;   int i = blockIdx.x * blockDim.x + threadIdx.x;
;   a[i] = 2 * i;                     // phase 1
;   __syncthreads();                  // orders the block, not the grid
;   b[i] = a[i] + a[i + 1];           // phase 2: a[i + 1] of the next block?
;
; The last thread of each block reads the first element the next block
; writes, with nothing ordering the two (a kernel boundary would: split the
; kernel in two, or use a cooperative grid sync). Within a block the
; barrier orders every pair. Here the blocks run side by side, the store
; happens to land first and the check (the result a grid-synchronised
; kernel gives: b[i] = 4i + 2, and 2i for the last element, whose a[N] is 0)
; passes; --racecheck-global reports the race whatever the timing.
;
;   simt-sim configs/g80.ini workloads/bugs/global_race.s --racecheck-global   (exit 6)

.kernel global_race
.param N 256
.param THREADS 64
.buffer a s32 N+1 zero
.buffer b s32 N zero
.arg a
.arg b
.grid N/THREADS
.block THREADS
.check b expr(2*i + 2*(i+1)*(i < N-1))

        s2r     r0, %tid.x
        s2r     r1, %ctaid.x
        imad    r0, r1, THREADS, r0     ; i
        shl     r2, r0, 2
        ldc     r3, a
        iadd    r3, r3, r2              ; &a[i]
        shl     r4, r0, 1               ; 2 * i
        stg     [r3], r4                ; a[i] = 2 * i
        bar.sync                        ; __syncthreads()
        ldg     r5, [r3]                ; a[i]
        ldg     r6, [r3+4]              ; a[i + 1]
        iadd    r5, r5, r6
        ldc     r7, b
        iadd    r7, r7, r2
        stg     [r7], r5                ; b[i] = a[i] + a[i + 1]
        exit

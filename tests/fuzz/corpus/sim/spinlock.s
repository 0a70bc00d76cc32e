; spinlock.s - the seed's atomicCAS mutex (seed 002): every thread takes the
; lock, increments a counter, releases it.
;
;   __device__ unsigned int mutex = 0;
;   void acquire() { while (atomicCAS(&mutex, 0, 1) == 1); }
;   void release() { atomicCAS(&mutex, 1, 0); }
;   acquire(); (*counter)++; __threadfence(); release();
;
; With the reconvergence stack the thread that wins the lock falls through
; and is parked at the loop's exit while the losers spin on, forever: exit
; code 5 and a diagnosis naming the loop. With independent thread
; scheduling the spinning group yields and the winner goes on: the counter
; ends at BLOCKS * THREADS. The 4 x 256 variant: -D BLOCKS=4 -D THREADS=256.

.kernel spinlock
.param BLOCKS 1
.param THREADS 32
.buffer mutex u32 1 zero
.buffer counter u32 1 zero
.arg mutex
.arg counter
.grid BLOCKS
.block THREADS
.check counter expr(BLOCKS * THREADS)

        ldc     r1, mutex
        ldc     r2, counter
        mov     r6, 1
spin:
        atomg.cas r3, [r1], rz, r6      ; atomicCAS(&mutex, 0, 1)
        isetp.eq.u32 p0, r3, 1          ; someone else holds it
        @p0 bra spin
        ldg     r4, [r2]                ; critical section: (*counter)++
        iadd    r4, r4, 1
        stg     [r2], r4
        membar                          ; __threadfence()
        atomg.cas r5, [r1], r6, rz      ; release: atomicCAS(&mutex, 1, 0)
        exit

; spinlock_sleep.s - the seed's atomicCAS mutex with its __nanosleep back-off (8 ns, doubling up to 256)
; (spinlock.cu, spinlock_sleep), with the
; mutex a __device__ variable as the seed declares it (it becomes the buffer
; "mutex", zero as its initialiser says). With the reconvergence stack the
; lock winner is parked at the loop's exit while the losers spin forever:
; exit code 5 and a diagnosis naming the loop's .cu line. With independent
; thread scheduling (configs/h100.ini) the counter ends at BLOCKS * THREADS.
.cuda "spinlock.cu" spinlock_sleep
.param BLOCKS 1
.param THREADS 32
.buffer counter u32 1 zero
.arg counter
.grid BLOCKS
.block THREADS
.check counter expr(BLOCKS * THREADS)
.check mutex {0}                           ; released at the end

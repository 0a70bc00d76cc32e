; spinlock.s - the seed's atomicCAS mutex (spinlock.cu, spinlock). With the
; reconvergence stack the lock winner is parked at the loop's exit while the
; losers spin forever: exit code 5 and a diagnosis naming the loop's .cu
; lines. With independent thread scheduling (configs/h100.ini) the counter
; ends at BLOCKS * THREADS.
.cuda "spinlock.cu" spinlock
.param BLOCKS 1
.param THREADS 32
.buffer mutex u32 1 zero
.buffer counter u32 1 zero
.arg mutex
.arg counter
.grid BLOCKS
.block THREADS
.check counter expr(BLOCKS * THREADS)

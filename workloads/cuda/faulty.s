; faulty.s - the seed's __syncthreads deadlock (faulty.cu). With the
; reconvergence stack and strict barriers (configs/g80.ini) the run stops with
; exit code 3 and names the threads that never arrive, and the .cu line of the
; barrier; with sm.barrier = warp it completes with a warning.
.cuda "faulty.cu" faulty_kernel
.param THREADS 32
.buffer data f32 THREADS zero
.arg data
.grid 1
.block THREADS
.check data expr(1.0 + i % 2)              ; 1.0 for even idx, 2.0 for odd

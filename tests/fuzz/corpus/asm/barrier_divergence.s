; barrier_divergence.s - the seed's __syncthreads deadlock (seed 000):
;
;   __global__ void faulty_kernel(float* data) {
;       int idx = threadIdx.x;
;       if (idx % 2 == 0) {
;           data[idx] = 1.0f;
;           __syncthreads();      // even threads wait here for the odd ones...
;       } else {
;           data[idx] = 2.0f;     // ...which are masked off and never come
;       }
;   }
;
; With the reconvergence stack and strict barriers (configs/g80.ini) the run
; stops with exit code 3 and names the masked-off threads. With
; sm.barrier = warp (pre-Volta hardware) the barrier opens when each warp has
; arrived, and the kernel completes with a warning.

.kernel faulty_kernel
.param THREADS 32
.buffer data f32 THREADS zero
.arg data
.grid 1
.block THREADS
.check data expr(1.0 + i % 2)              ; 1.0 for even idx, 2.0 for odd

        s2r     r0, %tid.x              ; idx
        ldc     r1, data
        shl     r2, r0, 2
        iadd    r1, r1, r2              ; &data[idx]
        and     r3, r0, 1
        isetp.ne.u32 p0, r3, 0          ; idx % 2 != 0
        @p0 bra odd
        mov     r4, 1.0
        stg     [r1], r4                ; data[idx] = 1.0f
        bar.sync                        ; __syncthreads()
        bra     done
odd:
        mov     r4, 2.0
        stg     [r1], r4                ; data[idx] = 2.0f
done:
        exit

; divergence.s - the seed's divergent if/else (seeds 000 and 002):
;
;   if (threadIdx.x < 4) { A; B; } else { X; Y; }
;   Z;
;
; Compare the models on it: the summary prints the instruction counts and
; the SIMD efficiency (active threads per issue, out of 32).
;
;   simt-sim configs/g80.ini workloads/divergence.s                         # stack
;   simt-sim configs/h100.ini workloads/divergence.s                        # its, ipdom
;   simt-sim configs/h100.ini workloads/divergence.s --set sm.convergence=minpc

.kernel divergence
.param THREADS 32
.buffer out s32 THREADS zero
.arg out
.grid 1
.block THREADS
.check out expr(3 + 27 * (i % 32 >= 4))

        s2r     r0, %tid.x
        s2r     r7, %laneid
        isetp.lt.u32 p0, r7, 4          ; threadIdx.x < 4 (within each warp)
        @!p0 bra else
        iadd    r1, r1, 1               ; A
        iadd    r1, r1, 2               ; B
        bra     join
else:
        iadd    r1, r1, 10              ; X
        iadd    r1, r1, 20              ; Y
join:
        ldc     r2, out                 ; Z: out[tid] = r1
        shl     r3, r0, 2
        iadd    r2, r2, r3
        stg     [r2], r1
        exit

; warp_aggregated_atomic.s - the seed's atomicAggInc (seed 002): threads that
; increment the same counter combine into one atomic per warp.
;
;   int atomicAggInc(int *ptr) {
;       int mask = __match_any_sync(__activemask(), ptr);
;       int leader = __ffs(mask) - 1;
;       int change = __popc(mask);
;       int res;
;       if (lane_id() == leader) res = atomicAdd(ptr, change);
;       res = __shfl_sync(mask, res, leader);
;       return res + __popc(mask & ((1 << lane_id()) - 1));
;   }
;   out[tid] = atomicAggInc(&counters[tid % 3]);
;
; 64 threads: counters end at 22, 21, 21, and for each counter the values
; handed out are 0, 1, ..., count - 1, each once.

.kernel warp_aggregated_atomic
.param THREADS 64
.buffer counters u32 3 zero
.buffer out u32 THREADS zero
.arg counters
.arg out
.grid 1
.block THREADS
.check counters {(THREADS + 2) / 3, (THREADS + 1) / 3, THREADS / 3}

        s2r     r0, %tid.x
        mov     r1, 0x55555556          ; tid % 3 without a divide:
        imulhi.u32 r1, r0, r1           ;   q = tid / 3 (exact for tid < 2^31)
        imul    r2, r1, 3
        isub    r2, r0, r2              ;   tid - 3 q
        shl     r2, r2, 2
        ldc     r3, counters
        iadd    r3, r3, r2              ; ptr = &counters[tid % 3]
        activemask r4
        match.any r5, r3, r4            ; mask = __match_any_sync(__activemask(), ptr)
        ffs     r6, r5
        isub    r6, r6, 1               ; leader
        popc    r7, r5                  ; change
        s2r     r8, %laneid
        isetp.eq.u32 p0, r8, r6
        mov     r9, 0
        @p0 atomg.add r9, [r3], r7      ; the leader: res = atomicAdd(ptr, change)
        shfl.idx r9, r9, r6, r5         ; res = __shfl_sync(mask, res, leader)
        s2r     r10, %lanemask_lt
        and     r10, r10, r5
        popc    r10, r10
        iadd    r9, r9, r10             ; res + popc(mask & lanes below)
        shl     r11, r0, 2
        ldc     r12, out
        iadd    r12, r12, r11
        stg     [r12], r9               ; out[tid] = atomicAggInc(...)
        exit

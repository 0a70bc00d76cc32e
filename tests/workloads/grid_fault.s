; grid_fault.s - many blocks at work on every SM when one of them faults:
; each thread counts to ITERS in shared memory and global memory, and
; block FAULTY then stores past its buffer's end. The run stops with exit
; code 4 naming that store, at the end of the cycle it happened in, with
; the same counts on any number of host threads (tests/jobs.py).
.param BLOCKS 528
.param THREADS 64
.param ITERS 24
.param FAULTY 300
.buffer data u32 BLOCKS * THREADS zero
.arg data
.grid BLOCKS
.block THREADS
.shared sh THREADS * 4

        s2r     r0, %ctaid.x
        s2r     r1, %tid.x
        s2r     r2, %ntid.x
        imad    r3, r0, r2, r1          ; i = blockIdx.x * blockDim.x + threadIdx.x
        shl     r4, r3, 2
        ldc     r5, data
        iadd    r5, r5, r4              ; &data[i]
        shl     r6, r1, 2
        mov     r10, sh
        iadd    r6, r6, r10             ; &sh[tid]
        mov     r7, 0
loop:
        iadd    r7, r7, 1
        sts     [r6], r7
        lds     r8, [r6]
        stg     [r5], r8                ; data[i] = count
        isetp.lt.s32 p0, r7, ITERS
        @p0 bra loop
        isetp.ne.s32 p1, r0, FAULTY
        @p1 exit
        ldc     r5, data
        mov     r9, BLOCKS * THREADS * 4 + 4096
        iadd    r5, r5, r9
        stg     [r5], r7                ; past the end
        exit

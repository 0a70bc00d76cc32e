; warp_reduce_nosync.s - the seed's shared-memory warp reduction without its
; __syncwarp() calls (seed 002), the code the seed warns about:
;
;   int v = shmem[tid];
;   v += shmem[tid+16]; shmem[tid] = v;
;   v += shmem[tid+8];  shmem[tid] = v;
;   ... 4, 2, 1
;
; Before Volta the 32 lanes ran in lockstep and this worked ("warp-
; synchronous programming"); under independent thread scheduling nothing
; orders one lane's store before another lane's load, so each step is a
; read-after-write and a write-after-read hazard between lanes of one warp.
; --racecheck reports them on h100.ini (its) and nothing on g80.ini (the
; reconvergence stack keeps the lanes in lockstep). The simulator's lanes
; still happen to run together, so the result check passes either way.
;
;   simt-sim configs/h100.ini workloads/bugs/warp_reduce_nosync.s --racecheck   (exit 6)
;   simt-sim configs/g80.ini  workloads/bugs/warp_reduce_nosync.s --racecheck   (exit 0)

.kernel warp_reduce_nosync
.buffer input s32 32 iota
.buffer out s32 32 zero
.arg input
.arg out
.shared shmem 64*4
.grid 1
.block 32
.check out {496}

        s2r     r0, %tid.x
        shl     r1, r0, 2               ; tid * 4
        ldc     r2, input
        iadd    r2, r2, r1
        ldg     r3, [r2]
        sts     [r1+shmem], r3          ; shmem[tid] = input[tid]
        sts     [r1+shmem+128], rz      ; shmem[tid + 32] = 0
        lds     r4, [r1+shmem]          ; v = shmem[tid]
        lds     r5, [r1+shmem+64]       ; v += shmem[tid + 16]
        iadd    r4, r4, r5
        sts     [r1+shmem], r4
        lds     r5, [r1+shmem+32]       ; v += shmem[tid + 8]
        iadd    r4, r4, r5
        sts     [r1+shmem], r4
        lds     r5, [r1+shmem+16]       ; v += shmem[tid + 4]
        iadd    r4, r4, r5
        sts     [r1+shmem], r4
        lds     r5, [r1+shmem+8]        ; v += shmem[tid + 2]
        iadd    r4, r4, r5
        sts     [r1+shmem], r4
        lds     r5, [r1+shmem+4]        ; v += shmem[tid + 1]
        iadd    r4, r4, r5
        sts     [r1+shmem], r4
        ldc     r6, out
        iadd    r6, r6, r1
        stg     [r6], r4                ; out[tid] = v
        exit

; warp_reduce_syncwarp.s - the seed's shared-memory warp reduction made safe
; with __syncwarp (seed 002):
;
;   int v = shmem[tid];
;   v += shmem[tid+16]; __syncwarp(); shmem[tid] = v; __syncwarp();
;   v += shmem[tid+8];  __syncwarp(); shmem[tid] = v; __syncwarp();
;   ... 4, 2, 1
;
; shmem holds 64 ints: the input in the first 32, zeros after. Thread 0
; ends with the sum of the input (0 + 1 + ... + 31 = 496).

.kernel warp_reduce_syncwarp
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
        warpsync 0xffffffff
        lds     r4, [r1+shmem]          ; v = shmem[tid]
        lds     r5, [r1+shmem+64]       ; v += shmem[tid + 16]
        iadd    r4, r4, r5
        warpsync 0xffffffff
        sts     [r1+shmem], r4
        warpsync 0xffffffff
        lds     r5, [r1+shmem+32]       ; v += shmem[tid + 8]
        iadd    r4, r4, r5
        warpsync 0xffffffff
        sts     [r1+shmem], r4
        warpsync 0xffffffff
        lds     r5, [r1+shmem+16]       ; v += shmem[tid + 4]
        iadd    r4, r4, r5
        warpsync 0xffffffff
        sts     [r1+shmem], r4
        warpsync 0xffffffff
        lds     r5, [r1+shmem+8]        ; v += shmem[tid + 2]
        iadd    r4, r4, r5
        warpsync 0xffffffff
        sts     [r1+shmem], r4
        warpsync 0xffffffff
        lds     r5, [r1+shmem+4]        ; v += shmem[tid + 1]
        iadd    r4, r4, r5
        warpsync 0xffffffff
        sts     [r1+shmem], r4
        ldc     r6, out
        iadd    r6, r6, r1
        stg     [r6], r4                ; out[tid] = v
        exit

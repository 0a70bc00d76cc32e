; local_huge.s - the most local memory CUDA allows a thread (512 KB), for
; every thread the GPU can hold at once: on g80.ini (16 SMs x 8 blocks of
; one warp) 2 GB of addresses, which fit; on h100.ini (132 SMs x 32 blocks)
; 69 GB, which do not: the launch is refused, exit 2 (tests/test_e2e.c).
.local 524288
.grid 1
.block 32
    s2r r0, %tid.x
    shl r1, r0, 14
    stl [r1 + 4096], r0                 ; thread t writes word 1024 + 4096 t
    ldl r2, [r1 + 4096]
    exit

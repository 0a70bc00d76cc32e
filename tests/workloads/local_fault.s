; local_fault.s - 128 blocks on as many SMs each thread storing and loading
; its own 8 words of local memory, and one lane of block 77 storing past its
; window: the run stops with exit code 4 naming that store (its offset, the
; window's size), with nothing of it written, on any number of host threads
; and in functional mode (tests/test_e2e.c, tests/jobs.py).
.local 32
.buffer o u32 16384 zero
.arg o
.grid 128
.block 128
    ldc r9, o
    s2r r5, %tid.x
    s2r r6, %ctaid.x
    shl r7, r6, 7
    iadd r7, r7, r5
    shl r8, r7, 2
    iadd r9, r9, r8                     ; &o[blockIdx.x * 128 + threadIdx.x]
    and r1, r5, 7
    shl r1, r1, 2                       ; word tid % 8
    stl [r1], r7
    ldl r2, [r1]
    stg [r9], r2
    isetp.eq.s32 p0, r6, 77
    @p0 isetp.eq.s32 p0, r5, 70
    @p0 stl [r1+16], r2                 ; 24 + 16 = 40: past the 32-byte window
    exit
.check o expr(i)

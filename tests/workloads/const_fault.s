; const_fault.s - 128 blocks read a constant table (ldk) on as many SMs, and
; one lane of block 77 stores 8 bytes into it: constant memory is read-only
; to a kernel, so the run stops with exit code 4 naming that store, with
; nothing of it written, on any number of host threads (with 2, the store
; issues beside other SMs' cycles, its addresses checked then: a check made
; only when the store is carried out would drop it) and in functional mode
; (tests/test_e2e.c, tests/jobs.py).
.buffer c u32 1024 iota const
.buffer o u32 65536 zero
.arg c
.arg o
.grid 128
.block 128
    ldc r1, c
    ldc r9, o
    s2r r5, %tid.x
    s2r r6, %ctaid.x
    shl r7, r6, 7
    iadd r7, r7, r5
    shl r7, r7, 2
    iadd r9, r9, r7                     ; &o[blockIdx.x * 128 + threadIdx.x]
    shl r8, r5, 2
    iadd r1, r1, r8                     ; &c[threadIdx.x]
    ldk r2, [r1]
    stg [r9], r2
    isetp.eq.s32 p0, r6, 77
    @p0 isetp.eq.s32 p0, r5, 70
    @p0 stg.64 [r1+8], r2               ; into constant memory: a fault
    stg [r9], r7
    exit

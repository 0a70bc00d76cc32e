; stream_copy.s - achieved DRAM bandwidth: dst[i] = src[i] over N words,
; one word per thread, enough blocks to fill every SM. Every line of src is
; read once from DRAM; dst stays in a write-back L2 large enough to hold it
; (or goes to DRAM where there is no L2). The statistics give DRAM bytes
; and the achieved GB/s over the run ("dram_gb_per_s" in the JSON), to be
; compared with dram.bandwidth_mb_s.
;
;   simt-sim configs/h100.ini workloads/micro/stream_copy.s --json -
;
; Reports block0_cycles: %clock at block 0's first and last instruction.

.kernel stream_copy
.param N 4194304                        ; words (16 MB each way)
.param THREADS 256

.buffer src u32 N iota
.buffer dst u32 N zero
.buffer out f32 1 zero
.arg src
.arg dst
.arg out
.grid (N + THREADS - 1) / THREADS
.block THREADS
.check dst expr(i)
.report block0_cycles out, 0

        s2r     r4, %clock
        s2r     r0, %tid.x
        s2r     r1, %ctaid.x
        imad    r2, r1, THREADS, r0     ; i
        isetp.lt.u32 p0, r2, N
        shl     r3, r2, 2
        ldc     r5, src
        ldc     r6, dst
        iadd    r5, r5, r3
        iadd    r6, r6, r3
        @p0 ldg r7, [r5]
        @p0 stg [r6], r7
        isetp.eq.s32 p1, r2, 0          ; thread 0 of block 0 times its block
        @!p1 exit
        bar.sync
        s2r     r8, %clock
        isub    r8, r8, r4
        i2f.u32 r8, r8
        ldc     r9, out
        stg     [r9], r8
        exit

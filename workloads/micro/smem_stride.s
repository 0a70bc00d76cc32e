; smem_stride.s - shared-memory bank conflicts: one warp, lane l reads word
; (l * STRIDE) mod 1024 of shared memory, in a dependent chain (each word
; holds its own address, so r1 = shared[r1] stays put). With 32 banks the
; lanes of a warp fall on gcd(STRIDE, 32)-way conflicting banks (STRIDE 0:
; every lane reads one word, a broadcast), and each extra pass adds to the
; latency. With 16 banks served per half-warp (cc 1.x), it is
; gcd(STRIDE, 16) passes per half-warp.
;
;   simt-sim configs/h100.ini workloads/micro/smem_stride.s -D STRIDE=32
;
; Reports cycles_per_access: %clock around ITERS dependent loads, divided.

.kernel smem_stride
.param STRIDE 1                         ; words between consecutive lanes (0..33)
.param ITERS 128                        ; timed loads (a multiple of 4)

.buffer out f32 2 zero
.arg out
.shared words 4096                      ; 1024 words
.grid 1
.block 32
.report cycles_per_access out, 0

        s2r     r0, %tid.x
        imul    r1, r0, STRIDE
        and     r1, r1, 1023
        shl     r1, r1, 2               ; my word's byte offset
        sts     [r1+words], r1          ; which holds its own offset
        bar.sync
        lds     r1, [r1+words]
        iadd    r5, r1, 0               ; wait until it is here
        mov     r3, ITERS/4
        s2r     r4, %clock
chain:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        lds     r1, [r1+words]
        lds     r1, [r1+words]
        lds     r1, [r1+words]
        lds     r1, [r1+words]
        @p0 bra chain
        iadd    r5, r1, 0               ; wait for the last load
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/ITERS
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per access
        exit

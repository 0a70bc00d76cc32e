; gmem_rows.s - the L1's throughput for the shape of a warp's load: WARPS
; warps of one block load, ITERS times, the same L1-resident words. Lane l
; reads row l / (32 / ROWS) of a matrix PITCH bytes a row, at byte
; OFFSET + 4 * (l % (32 / ROWS)) of the row (COLS 1) or at OFFSET for every
; lane of the row (COLS 0, a broadcast, as the naive matmul's A load). With
; enough warps the time per request, all warps together, is what the shape
; costs in the SM's L1 data pipe; with one warp it is one warp's latency
; and issue. SPREAD 1 gives each load of each warp lines of its own (still
; within the L1). The shapes of the matmuls: naive_mm's A load ROWS 2 COLS 0,
; its B load ROWS 1; TILE 16 ROWS 2, TILE 8 ROWS 4 (PITCH 4 * N).
;
;   simt-sim configs/h100.ini workloads/micro/gmem_rows.s -D ROWS=2 -D COLS=0 -D PITCH=4096
;
; Reports cycles_per_request: %clock of warp 0 around the ITERS loads of every
; warp (a barrier before and after), divided by ITERS * WARPS. The CUDA twin:
; simt-cuda micro gmem_rows ROWS COLS PITCH OFFSET WARPS ITERS SPREAD.

.kernel gmem_rows
.param ROWS 1                           ; rows a warp's lanes cover (1, 2, 4, .., 32)
.param COLS 1                           ; 1: a row's lanes read consecutive words; 0: one word
.param PITCH 0                          ; bytes from a row to the next (a multiple of 4)
.param OFFSET 0                         ; bytes to the first word (a multiple of 4)
.param WARPS 8                         ; (8: 256 threads, as G80's registers allow)
.param SPREAD 0                         ; 1: load u of warp w 128 * (16 w + u) bytes further
.param ITERS 256                        ; loads per warp (a multiple of 16)

.buffer data u32 (OFFSET+ROWS*PITCH+132+SPREAD*128*16*WARPS)/4 zero
.buffer out f32 2 zero
.arg data
.arg out
.grid 1
.block 32*WARPS
.report cycles_per_request out, 0

        s2r     r0, %tid.x
        and     r2, r0, 31              ; lane
        imul    r3, r2, ROWS
        shr.u32 r3, r3, 5               ; row: lane / (32 / ROWS)
        and     r4, r2, 32/ROWS-1       ; column
        imul    r3, r3, PITCH
        imul    r4, r4, 4*COLS
        iadd    r3, r3, r4
        ldc     r1, data
        iadd    r1, r1, r3
        iadd    r1, r1, OFFSET          ; this lane's word
        shr.u32 r6, r0, 5               ; warp
        imad    r1, r6, 16*128*SPREAD, r1
        ldg     r10, [r1+0*128*SPREAD]        ; bring the lines in first
        ldg     r11, [r1+1*128*SPREAD]
        ldg     r12, [r1+2*128*SPREAD]
        ldg     r13, [r1+3*128*SPREAD]
        ldg     r14, [r1+4*128*SPREAD]
        ldg     r15, [r1+5*128*SPREAD]
        ldg     r16, [r1+6*128*SPREAD]
        ldg     r17, [r1+7*128*SPREAD]
        ldg     r18, [r1+8*128*SPREAD]
        ldg     r19, [r1+9*128*SPREAD]
        ldg     r20, [r1+10*128*SPREAD]
        ldg     r21, [r1+11*128*SPREAD]
        ldg     r22, [r1+12*128*SPREAD]
        ldg     r23, [r1+13*128*SPREAD]
        ldg     r24, [r1+14*128*SPREAD]
        ldg     r25, [r1+15*128*SPREAD]
        iadd    r5, r10, r25            ; (wait for them)
        bar.sync
        mov     r3, ITERS/16
        s2r     r4, %clock
loads:
        iadd    r3, r3, -1
        isetp.ne.s32 p0, r3, 0
        ldg     r10, [r1+0*128*SPREAD]
        ldg     r11, [r1+1*128*SPREAD]
        ldg     r12, [r1+2*128*SPREAD]
        ldg     r13, [r1+3*128*SPREAD]
        ldg     r14, [r1+4*128*SPREAD]
        ldg     r15, [r1+5*128*SPREAD]
        ldg     r16, [r1+6*128*SPREAD]
        ldg     r17, [r1+7*128*SPREAD]
        ldg     r18, [r1+8*128*SPREAD]
        ldg     r19, [r1+9*128*SPREAD]
        ldg     r20, [r1+10*128*SPREAD]
        ldg     r21, [r1+11*128*SPREAD]
        ldg     r22, [r1+12*128*SPREAD]
        ldg     r23, [r1+13*128*SPREAD]
        ldg     r24, [r1+14*128*SPREAD]
        ldg     r25, [r1+15*128*SPREAD]
        iadd    r5, r5, r10
        iadd    r5, r5, r11
        iadd    r5, r5, r12
        iadd    r5, r5, r13
        iadd    r5, r5, r14
        iadd    r5, r5, r15
        iadd    r5, r5, r16
        iadd    r5, r5, r17
        iadd    r5, r5, r18
        iadd    r5, r5, r19
        iadd    r5, r5, r20
        iadd    r5, r5, r21
        iadd    r5, r5, r22
        iadd    r5, r5, r23
        iadd    r5, r5, r24
        iadd    r5, r5, r25
        @p0 bra loads
        bar.sync
        s2r     r6, %clock
        isub    r6, r6, r4
        i2f.u32 r6, r6
        fmul    r6, r6, 1.0/(ITERS*WARPS)
        ldc     r9, out
        isetp.eq.s32 p1, r0, 0
        @p1 stg [r9], r6                ; cycles per request
        @p1 stg [r9+4], r5
        exit

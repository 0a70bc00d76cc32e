; ldg_issue.s - how fast warps issue global loads they do not wait for, and
; how soon the data is back: WARPS warps of one block each issue 16
; independent L1-hit loads (lane l the word l of one line; SPREAD 1: each
; load of each warp on a line of its own) between two %clock reads, then sum
; them and read %clock again. res[w]: warp w's cycles for the 16 issues;
; res[WARPS + w]: its cycles until all 16 are there. Warp w runs on
; sub-partition w mod 4. The CUDA twin: simt-cuda micro ldg_issue WARPS SPREAD.
;
;   simt-sim configs/h100.ini workloads/micro/ldg_issue.s -D WARPS=8 --dump res=res.bin

.kernel ldg_issue
.param WARPS 1
.param SPREAD 1
.buffer data u32 32+SPREAD*32*16*WARPS zero
.buffer res u32 2*WARPS zero
.arg data
.arg res
.grid 1
.block 32*WARPS
.report issue0 res, 0
.report data0 res, WARPS
.report datalast res, 2*WARPS-1        ; the last warp's: with WARPS 5, the second on sub-partition 0

        s2r     r0, %tid.x
        and     r2, r0, 31              ; lane
        shr.u32 r6, r0, 5               ; warp
        ldc     r1, data
        shl     r3, r2, 2
        iadd    r1, r1, r3
        imad    r1, r6, 16*128*SPREAD, r1
        ldg     r10, [r1+0*128*SPREAD]  ; bring the lines in first
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
        s2r     r4, %clock
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
        s2r     r7, %clock
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
        s2r     r8, %clock
        isub    r7, r7, r4
        isub    r8, r8, r4
        isetp.eq.s32 p1, r2, 0
        ldc     r9, res
        shl     r3, r6, 2
        iadd    r9, r9, r3
        @p1 stg [r9], r7                ; issue cycles
        @p1 stg [r9+4*WARPS], r8        ; cycles until the data is there
        exit

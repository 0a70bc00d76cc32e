; ballot_mask.s - the seed's __ballot_sync before a divergent branch (seed 002):
;
;   unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < NUM_ELEMENTS);
;   if (threadIdx.x < NUM_ELEMENTS) {
;       val = input[threadIdx.x];
;       for (int offset = 16; offset > 0; offset /= 2)
;           val += __shfl_down_sync(mask, val, offset);
;   }
;
; The mask is right: it names exactly the threads inside the branch. But
; lane l reads lane l + offset, and for l + offset >= NUM_ELEMENTS that lane
; is outside the branch: its value is undefined, and the simulator says so
; (a warning). Here those registers hold 0, so lane 0 still gets
; 0 + 1 + ... + 19 = 190.

.kernel ballot_mask
.param NUM_ELEMENTS 20
.buffer input s32 32 iota
.buffer out s32 32 zero
.arg input
.arg out
.grid 1
.block 32
.check out {(NUM_ELEMENTS - 1) * NUM_ELEMENTS / 2}

        s2r     r0, %tid.x
        isetp.lt.u32 p0, r0, NUM_ELEMENTS
        vote.ballot r6, p0, 0xffffffff  ; mask = __ballot_sync(FULL_MASK, tid < N)
        mov     r3, 0                   ; val = 0 outside the branch
        @!p0 bra done
        shl     r1, r0, 2
        ldc     r2, input
        iadd    r2, r2, r1
        ldg     r3, [r2]                ; val = input[tid]
        shfl.down r4, r3, 16, r6
        iadd    r3, r3, r4
        shfl.down r4, r3, 8, r6
        iadd    r3, r3, r4
        shfl.down r4, r3, 4, r6
        iadd    r3, r3, r4
        shfl.down r4, r3, 2, r6
        iadd    r3, r3, r4
        shfl.down r4, r3, 1, r6
        iadd    r3, r3, r4
        ldc     r5, out
        iadd    r5, r5, r1
        stg     [r5], r3                ; out[tid] = val
done:
        exit

; divergence_nested.s - nested divergence, the branch-stack slides of seed 002:
;
;   if (A) { if (B) { if (C) { c1 } else { c2 } } else { b2 } }
;   Z;
;
; with A = lane < 16, B = lane < 8, C = lane < 4. Each lane adds a different
; amount on its path: c1 1, c2 2, b2 3, and 4 when A is false.

.kernel divergence_nested
.param THREADS 32
.buffer out s32 THREADS zero
.arg out
.grid 1
.block THREADS
.check out expr((i % 32 < 4) * 1 + (i % 32 >= 4) * (i % 32 < 8) * 2 + (i % 32 >= 8) * (i % 32 < 16) * 3 + (i % 32 >= 16) * 4)

        s2r     r0, %tid.x
        s2r     r7, %laneid
        isetp.lt.u32 p0, r7, 16         ; A
        isetp.lt.u32 p1, r7, 8          ; B
        isetp.lt.u32 p2, r7, 4          ; C
        @!p0 bra not_a
        @!p1 bra b2
        @!p2 bra c2
        iadd    r1, r1, 1               ; c1
        bra     c_end
c2:     iadd    r1, r1, 2               ; c2
c_end:  bra     b_end
b2:     iadd    r1, r1, 3               ; b2
b_end:  bra     z
not_a:  iadd    r1, r1, 4
z:      ldc     r2, out                 ; Z: out[tid] = r1
        shl     r3, r0, 2
        iadd    r2, r2, r3
        stg     [r2], r1
        exit

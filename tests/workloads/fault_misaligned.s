; fault_misaligned.s - lane 5 loads a word from an address 2 bytes past a
; word boundary: the run must stop with exit code 4 naming the access.
.grid 1
.block 32
.buffer v u32 64 iota
.arg v
        s2r     r0, %tid.x
        shl     r1, r0, 2
        isetp.eq.s32 p0, r0, 5
        @p0 iadd r1, r1, 2
        ldc     r2, v
        iadd    r2, r2, r1
        ldg     r3, [r2]
        exit

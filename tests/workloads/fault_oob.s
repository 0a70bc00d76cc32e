; fault_oob.s - each thread stores one word past a 16-element buffer's end
; for threads 16..31: the run must stop with exit code 4 naming the access.
.grid 1
.block 32
.buffer v f32 16 zero
.arg v
        s2r     r0, %tid.x
        shl     r0, r0, 2
        ldc     r1, v
        iadd    r1, r1, r0
        stg     [r1], r0
        exit

; local_spin.s - every thread spins on a flag nobody sets, reading a
; different word of its own local memory each time round: a local load reads
; what its own thread wrote, so new values there are no progress, and the
; livelock watch reports the spin (exit 5) the same on any number of host
; threads and in functional mode (tests/test_e2e.c, tests/jobs.py; with
; --jobs 2 a local load was once counted as progress, the run going on to
; the cycle limit).
.local 64
.buffer flag u32 1 zero
.arg flag
.grid 132
.block 64
        ldc     r9, flag
        mov     r1, 0
        mov     r2, 0
fill:   stl     [r1], r2
        iadd    r2, r2, 7
        iadd    r1, r1, 4
        isetp.lt.s32 p0, r1, 64
  @p0   bra     fill
        mov     r1, 0
spin:   ldl     r3, [r1]
        iadd    r1, r1, 4
        and     r1, r1, 60
        ldg     r4, [r9]
        isetp.eq.s32 p1, r4, 0
  @p1   bra     spin
        exit

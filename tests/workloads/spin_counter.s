; spin_counter.s - a loop that never touches memory and never ends, whose
; registers run through a cycle of 1024 states (a counter mod 1024): it
; revisits its state, so it is a livelock (exit 5), though no two
; consecutive iterations look alike.
.grid 1
.block 32
        mov     r1, 0
spin:   iadd    r1, r1, 1
        and     r1, r1, 1023
        bra     spin

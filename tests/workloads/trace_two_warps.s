; trace_two_warps.s - two warps of one block, three instructions each: the
; trace test works out every interval of both warp slots by hand from the
; config's numbers (tests/test_trace.c).
.kernel trace_two_warps
.grid 1
.block 64
        iadd    r1, r1, 1               ; pc 0
        iadd    r2, r1, 1               ; pc 1: waits for r1
        exit                            ; pc 2

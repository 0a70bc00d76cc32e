; const_widths.s - one warp, one constant-memory load (ldk) of WIDTH bytes a
; lane, lane l at byte l x WIDTH of a constant buffer: a byte load touches 8
; words, a half-word load 16, wider loads an address a lane. Per the CUDA
; guide a request is one per distinct address, so the constant cache sees
; 8, 16, 32 and 32 requests (tests/test_mem.c, const_requests_by_generation).
.param WIDTH 1                          ; bytes a lane: 1, 2, 8 or 16
.buffer c u32 128 iota const
.buffer out u32 32 zero
.arg c
.arg out
.grid 1
.block 32
        ldc     r1, c
        ldc     r9, out
        s2r     r5, %laneid
        imad    r1, r5, WIDTH, r1       ; &c + lane x WIDTH
        shl     r6, r5, 2
        iadd    r9, r9, r6
.if WIDTH == 1
        ldk.u8  r4, [r1]
.endif
.if WIDTH == 2
        ldk.u16 r4, [r1]
.endif
.if WIDTH == 8
        ldk.64  r4, [r1]
.endif
.if WIDTH == 16
        ldk.128 r4, [r1]
.endif
        stg     [r9], r4
        exit

; hionly.s - tests/ptx/pair_edges.cu's hionly: the high words of 64 sums
; of random doubles (their words random), checked against the host's C by
; the test ptx/pair_edges_as_host
.ptx "pair_edges.ptx" hionly
.buffer A u32 128 random(51)
.buffer B u32 128 random(52)
.buffer O u32 64 zero
.arg A
.arg B
.arg O
.grid 2
.block 32

; v2fma.s - tests/ptx/pair_edges.cu's v2fma: 32 double2 of random words,
; x * y + x of each (one fma), checked by the test ptx/pair_edges_as_host
.ptx "pair_edges.ptx" v2fma
.buffer A u32 128 random(54)
.buffer O u32 64 zero
.arg A
.arg O
.grid 1
.block 32

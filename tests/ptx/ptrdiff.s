; ptrdiff.s - tests/ptx/pair_edges.cu's ptrdiff: a - pp[(i + 1) & 31] for
; pp[j] = a + 3j + 1, checked by the test ptx/pair_edges_as_host
.ptx "pair_edges.ptx" ptrdiff
.buffer A s32 32 zero
.buffer P u32 64 zero
.buffer O u32 64 zero
.arg A
.arg P
.arg O
.grid 1
.block 32

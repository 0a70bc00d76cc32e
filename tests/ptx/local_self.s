; local_self.s - tests/ptx/local_self.ptx: each thread stores 4 random
; 64-bit values to local memory and loads them back into their own
; address registers, checked by the test ptx/pair_edges_as_host
.ptx "local_self.ptx" lself
.buffer A u32 256 random(53)
.buffer O u32 192 zero
.arg A
.arg O
.grid 1
.block 32

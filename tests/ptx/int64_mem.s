; int64_mem.s - tests/ptx/int64_mem.cu: 300 random long longs and 300
; random longlong2 pairs (their 32-bit words random) through 3 blocks of
; 128 threads, the last block's threads past n loading nothing; OUT and
; PAIRS checked against a host reference by the test ptx/int64_mem_as_host
.ptx "int64_mem.ptx" int64_mem
.buffer A u32 600 random(11)
.buffer B u32 1200 random(12)
.buffer OUT u32 6000 zero
.buffer PAIRS u32 1200 zero
.arg A
.arg B
.arg OUT
.arg PAIRS
.arg n 300
.grid 3
.block 128

; int64.s - tests/ptx/int64.cu: 300 random ints through a grid-stride loop
; of 2 blocks of 64 threads, size_t index and bound, k a 64-bit value whose
; high word is not 0 (-123456789012); the results' words in O, checked
; against a host reference by the test ptx/int64_as_host
.ptx "int64.ptx" int64
.buffer A s32 300 random(7)
.buffer O u32 3000 zero
.arg A
.arg O
.arg k -123456789012
.arg n 300
.grid 2
.block 64

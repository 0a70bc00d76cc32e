; atomic64.s - tests/ptx/atomic64.cu: 300 random long longs (their words
; random) through 3 blocks of 128 threads; the totals, minimum, maximum,
; bits, exchanged tokens and the CAS-built maximum checked against a host
; reference by the test ptx/atomic64_as_host
.ptx "atomic64.ptx" atomic64
.buffer A u32 600 random(21)
.buffer TOT u32 8 zero
.buffer MM u32 4 { 0xffffffff, 0x7fffffff, 0, 0x80000000 }
.buffer BITS u32 6 { 0, 0, 0x89abcdef, 0x01234567, 0xffffffff, 0xffffffff }
.buffer TOKENS u32 602 zero
.buffer SEEN u32 2 zero
.arg A
.arg TOT
.arg MM
.arg BITS
.arg TOKENS
.arg SEEN
.arg n 300
.grid 3
.block 128

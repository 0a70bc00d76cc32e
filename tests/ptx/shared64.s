; shared64.s - tests/ptx/shared64.cu: 4 blocks of 64 threads over 256
; random long longs (their words random); each block's 8 results checked
; against the host's C by the test ptx/atomic64_as_host
.ptx "shared64.ptx" shared64
.buffer A u32 512 random(41)
.buffer OUT u32 64 zero
.arg A
.arg OUT
.grid 4
.block 64

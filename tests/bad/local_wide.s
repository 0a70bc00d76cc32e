; a 64-bit local load: local memory is interleaved by 32-bit word
.kernel k
.local 16
.grid 1
.block 32
    ldl.64 r4, [r0]
    exit

; printf_fastmath.s - tests/ptx/printf_fastmath.cu: 32 floats printed under
; --use_fast_math: subnormals (printed as zeros of their sign, and their
; x * 3 too), zeros, infinities, a NaN, normal values down to 2^-126
.ptx "printf_fastmath.ptx" printf_fastmath
.buffer A u32 32 { 0x00000001, 0x80000001, 0x007fffff, 0x00400000, 0x80400000, 0x00800000, 0x80800000, 0x00800001, 0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x7f800000, 0xff800000, 0x7fc00000, 0x1e3ce508, 0x002aaaab, 0x002aaaaa, 0x00555555, 0x7f7fffff, 0x3eaaaaab, 0x42c80000, 0x0d800000, 0x3f7fffff, 0x00000100, 0x80001000, 0x00012345, 0x4049999a, 0xc2f6e979, 0x358637bd, 0x2f800000, 0x00c00000 }
.arg A
.grid 1
.block 32

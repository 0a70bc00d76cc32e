; stencil_1d.s - a radius-3 1D stencil through a shared tile with a halo
; (stencil.cu): out[i] = in[i-3] + ... + in[i+3], outside the array 0.
; in[i] = i, so the sum is 7i inside and the clipped sums at the ends.
.cuda "stencil.cu" stencil_1d
.param N 1000
.buffer in s32 N iota
.buffer out s32 N zero
.arg in
.arg out
.arg n N
.grid (N + 127) / 128
.block 128                                 ; BLOCK in stencil.cu
.check out expr((min(i + 3, N - 1) - max(i - 3, 0) + 1) * (min(i + 3, N - 1) + max(i - 3, 0)) / 2)

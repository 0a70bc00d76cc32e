; conv1d.s - the textbook 1D convolution (convolution.cu,
; convolution_1D_basic_kernel) of W floats with a 5-element mask held in
; constant memory: the kernel's __constant__ array M (10 floats) is the
; constant buffer "M", filled here as the host's cudaMemcpyToSymbol would.
; Each thread computes one output from its input and the two on each side,
; inputs beyond the ends counting as absent. The check computes what nvcc's
; code does: from 0.0f, one fused multiply-add per mask element in order,
; the absent ones left out (a zero product added to a sum that is never
; -0.0 here leaves it unchanged). It is written for MASK_WIDTH = 5.
.cuda "convolution.cu" convolution_1D_basic_kernel
.param W 2048
.param MASK_WIDTH 5
.buffer in f32 W random(1)
.buffer out f32 W zero
.buffer M f32 10 {0.0625, -0.25, 1.5, -0.25, 0.0625, 0, 0, 0, 0, 0}
.arg in
.arg out
.arg mask_width MASK_WIDTH
.arg width W
.grid W / 128
.block 128
.check out expr(fmaf((i + 2 < W) * in[min(i + 2, W - 1)], M[4], fmaf((i + 1 < W) * in[min(i + 1, W - 1)], M[3], fmaf(in[i], M[2], fmaf((i >= 1) * in[max(i - 1, 0)], M[1], fmaf((i >= 2) * in[max(i - 2, 0)], M[0], 0.0))))))

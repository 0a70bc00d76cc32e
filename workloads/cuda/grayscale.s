; grayscale.s - an RGB image of W x H pixels (bytes R, G, B a pixel) to
; grey levels (a byte a pixel): 0.21 R + 0.71 G + 0.07 B in float, its
; integer part stored (grayscale.cu). 16 x 16 blocks over the image, the
; edge blocks' threads outside it doing nothing. The check computes each
; output word's four pixels as nvcc's code does: G's product rounded, then
; two fused multiply-adds, then the integer part (cvt.rzi).
.cuda "grayscale.cu" grayscale
.param W 100
.param H 52
.buffer OUT u32 W*H/4 zero
.buffer IN u32 W*H*3/4 random(11)
.arg OUT
.arg IN
.arg width W
.arg height H
.grid (W+15)/16, (H+15)/16
.block 16, 16
.check OUT expr((trunc(fmaf(((IN[(3*(4*i+0)+2)/4] >> (8*((3*(4*i+0)+2)%4))) & 255), f32(0.07), fmaf(((IN[(3*(4*i+0)+0)/4] >> (8*((3*(4*i+0)+0)%4))) & 255), f32(0.21), f32(((IN[(3*(4*i+0)+1)/4] >> (8*((3*(4*i+0)+1)%4))) & 255) * f32(0.71))))) << 0) + (trunc(fmaf(((IN[(3*(4*i+1)+2)/4] >> (8*((3*(4*i+1)+2)%4))) & 255), f32(0.07), fmaf(((IN[(3*(4*i+1)+0)/4] >> (8*((3*(4*i+1)+0)%4))) & 255), f32(0.21), f32(((IN[(3*(4*i+1)+1)/4] >> (8*((3*(4*i+1)+1)%4))) & 255) * f32(0.71))))) << 8) + (trunc(fmaf(((IN[(3*(4*i+2)+2)/4] >> (8*((3*(4*i+2)+2)%4))) & 255), f32(0.07), fmaf(((IN[(3*(4*i+2)+0)/4] >> (8*((3*(4*i+2)+0)%4))) & 255), f32(0.21), f32(((IN[(3*(4*i+2)+1)/4] >> (8*((3*(4*i+2)+1)%4))) & 255) * f32(0.71))))) << 16) + (trunc(fmaf(((IN[(3*(4*i+3)+2)/4] >> (8*((3*(4*i+3)+2)%4))) & 255), f32(0.07), fmaf(((IN[(3*(4*i+3)+0)/4] >> (8*((3*(4*i+3)+0)%4))) & 255), f32(0.21), f32(((IN[(3*(4*i+3)+1)/4] >> (8*((3*(4*i+3)+1)%4))) & 255) * f32(0.71))))) << 24))

; structs.s - tests/ptx/structs.cu: structs and vector types passed by value.
; A struct's .arg lists the fields the kernel reads, in offset order (Mixed:
; c, u, s, k, f, in; float3: x, y, z; Tail: h, b[0], b[1], q; int4: x, y, z,
; w); the check is the C semantics computed by the expression.
.ptx "structs.ptx" structs
.param C -7                             ; Mixed.c (signed char)
.param U 200                            ; Mixed.u (unsigned char)
.param S -1234                          ; Mixed.s (short)
.param K 100000                         ; Mixed.k
.param F 0.75                           ; Mixed.f
.param VX 1.5                           ; float3 v
.param VY -2.25
.param VZ 4
.param H 65000                          ; Tail.h (unsigned short)
.param B0 3                             ; Tail.b[2] (unsigned char)
.param B1 250
.param Q -5                             ; Tail.q (long long; its low word read)
.param WX 11                            ; int4 w
.param WY -3
.param WZ 1000
.param WW 77
.buffer IN s32 32 iota
.buffer O u32 128 zero
.buffer P f32 32 zero
.arg m {C, U, S, K, F, IN}
.arg v {VX, VY, VZ}
.arg t {H, B0, B1, Q}
.arg w {WX, WY, WZ, WW}
.arg O
.arg P
.grid 1
.block 32
.check O expr((i / 32 == 0) * ((C * (i % 32) + U + S * 3 + K + i % 32) & 0xffffffff) + (i / 32 == 2) * ((H + (i % 2 * B1 + (1 - i % 2) * B0) * 5 + Q) & 0xffffffff) + (i / 32 == 3) * ((WX + WY * (i % 32) + WZ - WW) & 0xffffffff))
.check P expr(f32(fmaf(F, i, VX) - f32(VY * VZ)))   ; nvcc contracts m.f * x + v.x to fma

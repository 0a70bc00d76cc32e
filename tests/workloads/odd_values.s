; odd_values.s - values and names --disasm must write back exactly (the
; identity test in test_asm.c): infinite and NaN parameters and elements,
; f32bits, and checks that read a .rept index and SM.
.param INF 1e999
.param NAN 1e999 - 1e999
.param NINF -1e999
.buffer E f32 2 value(1e999 - 1e999)
.buffer F f32 4 {-(1e999 - 1e999), f32bits(0x7fc00123), -1e39, f32bits(0x00000001)}
.buffer C u32 32 iota
.grid 1
.block 32
.rept k, 2
.check C expr(i + k - k)
.endr
.check C expr(i + SM - SM)
.check F {f32bits(0x7fc00000), f32bits(0x7fc00123), -INF, 1.4e-45}
    exit

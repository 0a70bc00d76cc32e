; saxpy.s - y = a x + y with a grid-stride loop (saxpy.cu): 8 blocks of 128
; threads cover N elements. x = i and y = 1, so y ends at fmaf(a, i, 1).
.cuda "saxpy.cu" saxpy
.param N 10000
.buffer X f32 N iota
.buffer Y f32 N value(1.0)
.arg n N
.arg a 2.5
.arg X
.arg Y
.grid 8
.block 128
.check Y expr(fmaf(2.5, i, 1.0))

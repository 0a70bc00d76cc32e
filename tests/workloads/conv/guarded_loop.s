; guarded_loop.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): a divergent loop behind
; a uniform guard (Z): the loop's bssy after the guard, so that Z = 0 runs no pair at all.
.ptx "guarded_loop.ptx" guarded_loop
.param Z 0
.buffer out s32 64 zero
.arg out
.arg z Z
.grid 1
.block 32

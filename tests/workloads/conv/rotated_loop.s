; rotated_loop.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): a loop entered by a jump to its test: the bssy goes before that jump and
; runs once.
.ptx "rotated_loop.ptx" rotated_loop
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

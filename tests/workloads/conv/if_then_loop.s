; if_then_loop.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): an if (lanes 0-7 skip an atomic) whose paths meet at the first instruction of a
; do-while loop on the thread index: two pairs; the loop's back edge runs neither the if's bsync
; nor the loop's bssy.
.ptx "if_then_loop.ptx" if_then_loop
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

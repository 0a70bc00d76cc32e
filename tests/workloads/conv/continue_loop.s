; continue_loop.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): an if inside a loop
; whose paths meet at the loop's start (continue): the loop's bssy, then the if's bsync, where the if's
; paths jump, past the bssy.
.ptx "continue_loop.ptx" continue_loop
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

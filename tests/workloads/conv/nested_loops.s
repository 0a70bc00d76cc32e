; nested_loops.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): two do-while loops sharing their first instruction: the outer bssy first, the
; inner second, where the outer back edge re-enters the inner loop.
.ptx "nested_loops.ptx" nested_loops
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

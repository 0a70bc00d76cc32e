; vote_loop.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): a loop whose branch reads __any_sync's answer, one for every lane: no pair.
.ptx "vote_loop.ptx" vote_loop
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

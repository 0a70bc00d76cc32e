; join_before_exit.s - convergence barriers (isa/ptx_converge.c, tests/test_ptx.c): two paths of a branch that may exit meet at a second branch on a value each
; path set differently: that branch may diverge and gets a pair; the first, whose paths meet only
; at the exit, none.
.ptx "join_before_exit.ptx" join_before_exit
.buffer out s32 64 zero
.arg out
.grid 1
.block 32

; printf_turns.s - tests/ptx/printf_turns.cu: BLOCKS blocks of WARPS warps,
; LANES lanes of each printing once; out holds each warp's cycles from
; before its printf to after it.
.param BLOCKS 1
.param WARPS 1
.param LANES 32
.ptx "printf_turns.ptx" printf_turns
.buffer out u32 BLOCKS*WARPS zero
.arg out
.arg lanes LANES
.grid BLOCKS
.block WARPS*32

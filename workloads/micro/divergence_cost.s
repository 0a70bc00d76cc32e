; divergence_cost.s - a warp's divergent if/else (divergence_cost.cu):
; cycles per iteration of an if/else of two counted loops of N multiply-adds,
; uniform with MASK 0, divergent (odd lanes one way) with MASK 1.
;
;   simt-sim configs/h100.ini workloads/micro/divergence_cost.s -D MASK=1
.cuda "divergence_cost.cu" divergence_cost
.param MASK 1
.param N 4
.param ITERS 256
.buffer out u32 33 zero
.arg out
.arg mask MASK
.arg n N
.arg iters ITERS
.grid 1
.block 32
.report cycles_per_iteration out, 0

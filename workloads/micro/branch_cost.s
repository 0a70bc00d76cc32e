; branch_cost.s - what a loop's branches cost one warp (branch_cost.cu):
; cycles per iteration of a rolled loop of V dependent multiply-adds
; (V = 1, 2, 4, 8, 16), each iteration ending in a compare and a taken
; branch back; V = 101 adds a never-taken forward branch to the V = 1 loop,
; V = 102 the same on a warp-uniform compare (no convergence barriers);
; V = 103, 104 chains of 8, 16 multiply-adds on a warp-uniform value, V = 105
; a thread's chain reading one, V = 106 the V = 1 loop with a per-thread counter;
; V = 108 and 116 are loops of 8 and 16 dependent float multiply-adds.
;
;   simt-sim configs/h100.ini workloads/micro/branch_cost.s -D V=4
.cuda "branch_cost.cu" branch_cost
.param V 1
.param ITERS 256
.buffer out u32 33 zero
.arg out
.arg v V
.arg iters ITERS
.grid 1
.block 32
.report cycles_per_iteration out, 0

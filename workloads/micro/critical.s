; critical.s - the critical section of seed 002's mutex, (*counter)++ then
; __threadfence(), ITERS times by one thread (sync_costs.cu). Reports
; cycles per critical section.
;
;   simt-sim configs/h100.ini workloads/micro/critical.s
.cuda "sync_costs.cu" critical
.param ITERS 256
.buffer counter u32 1 zero
.buffer out f32 2 zero
.arg counter
.arg out
.arg iters ITERS
.grid 1
.block 1
.report cycles_per_critical out, 0
.check counter expr(ITERS + 1)

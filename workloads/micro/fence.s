; fence.s - what __threadfence() costs one thread with nothing outstanding:
; ITERS fences (sync_costs.cu). Reports cycles per fence.
;
;   simt-sim configs/h100.ini workloads/micro/fence.s
.cuda "sync_costs.cu" fence
.param ITERS 256
.buffer out f32 2 zero
.arg out
.arg iters ITERS
.grid 1
.block 1
.report cycles_per_fence out, 0

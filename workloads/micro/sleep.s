; sleep.s - what __nanosleep(NS) costs one thread, ITERS times
; (sync_costs.cu): the back-off of seed 002's Volta mutex. Reports cycles
; per sleep.
;
;   simt-sim configs/h100.ini workloads/micro/sleep.s -D NS=256
.cuda "sync_costs.cu" sleep_ns
.param NS 64
.param ITERS 64
.buffer out f32 2 zero
.arg out
.arg ns NS
.arg iters ITERS
.grid 1
.block 1
.report cycles_per_sleep out, 0

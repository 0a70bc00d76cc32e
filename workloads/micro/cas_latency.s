; cas_latency.s - one thread's global atomicCAS latency: ITERS atomicCAS in a
; chain, each comparing against the previous answer (sync_costs.cu). Reports
; cycles per atomicCAS; runs unchanged on a GPU with simt-gpu.
;
;   simt-sim configs/h100.ini workloads/micro/cas_latency.s
.cuda "sync_costs.cu" cas_latency
.param ITERS 256
.buffer x u32 1 zero
.buffer out f32 2 zero
.arg x
.arg out
.arg iters ITERS
.grid 1
.block 1
.report cycles_per_cas out, 0
.check x expr(ITERS)                    ; the chain ran ITERS times

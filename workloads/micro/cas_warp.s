; cas_warp.s - 32 lanes' atomicCAS on one address, ITERS times in a chain
; (sync_costs.cu): every compare fails, so the address stays 0. Reports
; cycles per warp-wide atomicCAS; beside cas_latency.s, what each lane
; more costs where atomics on one address are serialised.
;
;   simt-sim configs/h100.ini workloads/micro/cas_warp.s
.cuda "sync_costs.cu" cas_warp
.param ITERS 64
.buffer x u32 1 zero
.buffer out f32 2 zero
.arg x
.arg out
.arg iters ITERS
.grid 1
.block 32
.report cycles_per_warp_cas out, 0
.check x {0}

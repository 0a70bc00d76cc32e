; plain_load.s - one thread's dependent chain of plain loads over a 4 KB buffer,
; warmed first (volatile_load.cu): cycles per load.
;
;   simt-sim configs/h100.ini workloads/micro/plain_load.s
.cuda "volatile_load.cu" plain_load
.param ITERS 256
.buffer x u32 1024 zero
.buffer out u32 2 zero
.arg x
.arg out
.arg iters ITERS
.grid 1
.block 1
.report cycles_per_load out, 0

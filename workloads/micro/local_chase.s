; local_chase.s - one thread's dependent chain through a 32-word local
; array it has just written (local_chase.cu): cycles per load on the first
; read of each word after its store, and on the second.
;
;   simt-sim configs/h100.ini workloads/micro/local_chase.s
.cuda "local_chase.cu" local_chase
.buffer out u32 3 zero
.arg out
.arg seed 1
.grid 1
.block 1
.report first_read_cycles out, 0
.report second_read_cycles out, 1

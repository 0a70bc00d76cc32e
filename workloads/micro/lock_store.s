; lock_store.s - seed 002's mutex released with a volatile store instead of
; atomicCAS (sync_costs.cu): THREADS threads of one block take the lock in
; turn. Beside workloads/cuda/spinlock.s, what the release costs a round.
;
;   simt-sim configs/h100.ini workloads/micro/lock_store.s -D THREADS=32
.cuda "sync_costs.cu" lock_store
.param THREADS 32
.buffer counter u32 1 zero
.arg counter
.grid 1
.block THREADS
.check counter expr(THREADS)
.check lock_word {0}
